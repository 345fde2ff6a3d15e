import type { BookingRow, BookingStatus, ServiceRow, WorkspaceRow } from "@/lib/db/schema";

/** docs/decisions.md#bookings: a code hold lasts 10 minutes, a card hold 30 (real elapsed minutes). */
export const HOLD_CODE_TTL_MINUTES = 10;
export const HOLD_PAYMENT_TTL_MINUTES = 30;
/** Wrong codes a pending booking survives; the next attempt finds the code dead. */
export const MAX_CODE_ATTEMPTS = 5;
/** docs/decisions.md#verification-codes: new codes a pending booking may ask for after the first. */
export const MAX_CODE_RESENDS = 3;

export const HOLD_STATUSES = ["pending", "awaiting_payment"] as const satisfies readonly BookingStatus[];

/** A hold blocks its slot only while `hold_expires_at > now`. */
export function isLiveHold(row: Pick<BookingRow, "status" | "holdExpiresAt">, now: Date): boolean {
  return (row.status === "pending" || row.status === "awaiting_payment") && row.holdExpiresAt !== null && row.holdExpiresAt > now;
}

export function isPaidService(service: Pick<ServiceRow, "paymentMode">): boolean {
  return service.paymentMode !== "none";
}

export type StartState = { status: "pending" | "awaiting_payment" | "confirmed"; holdExpiresAt: Date | null };

/** Paid service: the card replaces the code; else the workspace's verification setting decides. */
export function startStateFor(service: Pick<ServiceRow, "paymentMode">, workspace: Pick<WorkspaceRow, "requireVerification">, now: Date): StartState {
  if (isPaidService(service)) return { status: "awaiting_payment", holdExpiresAt: minutesAfter(now, HOLD_PAYMENT_TTL_MINUTES) };
  if (workspace.requireVerification) return { status: "pending", holdExpiresAt: minutesAfter(now, HOLD_CODE_TTL_MINUTES) };
  return { status: "confirmed", holdExpiresAt: null };
}

export function minutesAfter(instant: Date, minutes: number): Date {
  return new Date(instant.getTime() + minutes * 60_000);
}
