import type { BookingRow } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors";
import { effectiveStatus } from "./serialize";

/**
 * What a customer (holding the manage token) may do with a booking. The same functions
 * decide the calls (customer cancel / reschedule) and the public read's can_cancel,
 * can_reschedule and cancel_cutoff_passed, so the flags are true exactly when the call
 * would succeed. A secret key is bound by none of this except the status rules.
 */
export type PolicyBooking = Pick<BookingRow, "status" | "startsAt" | "holdExpiresAt">;

/** The service's notice at the time of the check: 0 keeps the window open until the start. */
export type PolicyInput = { booking: PolicyBooking; minCancelNoticeMinutes: number; now: Date };

export type CustomerRefusal = "booking_not_cancellable" | "booking_not_confirmed" | "too_late_to_cancel" | "too_late_to_reschedule";
export type CustomerDecision = { allowed: true } | { allowed: false; refusal: CustomerRefusal };

const CANCELLABLE = new Set(["pending", "awaiting_payment", "confirmed"]);

/** `starts_at − min_cancel_notice_minutes`: from this instant on, customers can neither cancel nor move. */
export function cancelCutoff(booking: Pick<BookingRow, "startsAt">, minCancelNoticeMinutes: number): Date {
  return new Date(booking.startsAt.getTime() - minCancelNoticeMinutes * 60_000);
}

/** Whether the booking's status lets anyone cancel it (a lapsed hold already counts as expired). */
export function isCancellableStatus(booking: Pick<BookingRow, "status" | "holdExpiresAt">, now: Date): boolean {
  return CANCELLABLE.has(effectiveStatus(booking, now));
}

/**
 * The notice window binds confirmed bookings only: a hold the customer has not paid for or
 * confirmed (pending, awaiting_payment) can always be given back, or it would block its time
 * until it lapses (docs/decisions.md#bookings).
 */
export function decideCustomerCancel({ booking, minCancelNoticeMinutes, now }: PolicyInput): CustomerDecision {
  if (!isCancellableStatus(booking, now)) return { allowed: false, refusal: "booking_not_cancellable" };
  if (effectiveStatus(booking, now) === "confirmed" && now >= cancelCutoff(booking, minCancelNoticeMinutes))
    return { allowed: false, refusal: "too_late_to_cancel" };
  return { allowed: true };
}

/** Only a confirmed booking moves; a customer only before the cutoff. */
export function decideCustomerReschedule({ booking, minCancelNoticeMinutes, now }: PolicyInput): CustomerDecision {
  if (effectiveStatus(booking, now) !== "confirmed") return { allowed: false, refusal: "booking_not_confirmed" };
  if (now >= cancelCutoff(booking, minCancelNoticeMinutes)) return { allowed: false, refusal: "too_late_to_reschedule" };
  return { allowed: true };
}

export function canCustomerCancel(input: PolicyInput): boolean {
  return decideCustomerCancel(input).allowed;
}

export function canCustomerReschedule(input: PolicyInput): boolean {
  return decideCustomerReschedule(input).allowed;
}

/**
 * True exactly when the notice window is why a customer cannot cancel: the status allows it,
 * the cutoff has passed, and the booking has not started yet (false for a past booking).
 */
export function isCancelCutoffPassed({ booking, minCancelNoticeMinutes, now }: PolicyInput): boolean {
  return effectiveStatus(booking, now) === "confirmed" && now >= cancelCutoff(booking, minCancelNoticeMinutes) && now < booking.startsAt;
}

export function assertCustomerMayCancel(input: PolicyInput): void {
  const decision = decideCustomerCancel(input);
  if (!decision.allowed) throw refusalError(decision.refusal);
}

export function assertCustomerMayReschedule(input: PolicyInput): void {
  const decision = decideCustomerReschedule(input);
  if (!decision.allowed) throw refusalError(decision.refusal);
}

/**
 * A customer may not move a booking into its own notice window (docs/decisions.md#bookings): once there it
 * could no longer be cancelled or moved online, and a paid booking would lose its refund. The page offers
 * no such time; this holds the manage-link API to the same rule. A secret key is not bound by it.
 */
export function assertCustomerMayMoveTo({ startsAt, minCancelNoticeMinutes, now }: { startsAt: Date; minCancelNoticeMinutes: number; now: Date }): void {
  if (minCancelNoticeMinutes <= 0 || now < cancelCutoff({ startsAt }, minCancelNoticeMinutes)) return;
  throw new DomainError(
    "too_late_to_reschedule",
    `starts_at is inside this booking's notice window (${minCancelNoticeMinutes} minutes before the start): moved there, it could no longer be cancelled or moved online. Choose a time at least that long from now.`,
    { param: "starts_at" },
  );
}

const MESSAGES: Record<CustomerRefusal, string> = {
  booking_not_cancellable: "This booking is no longer active, so it cannot be cancelled.",
  booking_not_confirmed: "Only a confirmed booking can be rescheduled.",
  too_late_to_cancel: "The cancellation window for this booking has closed.",
  too_late_to_reschedule: "It is too late to reschedule this booking; the notice window has closed.",
};

export function refusalError(refusal: CustomerRefusal): DomainError {
  return new DomainError(refusal, MESSAGES[refusal]);
}
