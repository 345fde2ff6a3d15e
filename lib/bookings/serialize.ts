import type { BookingRow, BookingStatus } from "@/lib/db/schema";
import { toUtcIso, toZonedIso } from "@/lib/time/zoned";
import { isLiveHold } from "./holds";
import type { BookingPaymentIntent } from "@/lib/payments/schemas";
import type { Booking, BookingAnswer, BookingSeries, ResendCodeResponse } from "./schemas";
import type { BookingCustomer } from "@/lib/customers/schemas";
import type { CodeResent } from "./resend-verification-code";

export type BookingView = {
  timezone: string;
  now: Date;
  /** The booking's answers (./answers.ts). */
  answers: BookingAnswer[];
  /** The secret-key view's customer (lib/customers/serialize.ts). */
  customer?: BookingCustomer;
  /** Only on the create response. */
  accessToken?: string;
  /** Only on the create response of a paid booking. */
  payment?: BookingPaymentIntent;
  /** Only on the create response of a series: its occurrences, first to last. */
  series?: { id: string; bookings: BookingRow[] };
};

/**
 * The public Booking resource. A hold whose window has passed reads as `expired` even before
 * the background job flips the row: expiry is lazy for correctness.
 */
export function toBooking(row: BookingRow, view: BookingView): Booking {
  const status = effectiveStatus(row, view.now);
  const booking: Booking = {
    id: row.id,
    staff_id: row.staffId,
    service_id: row.serviceId,
    customer_id: row.customerId,
    ...(view.customer ? { customer: view.customer } : {}),
    starts_at: toZonedIso(row.startsAt, view.timezone),
    ends_at: toZonedIso(row.endsAt, view.timezone),
    status,
    answers: view.answers,
    created_at: toUtcIso(row.createdAt),
  };
  if (view.accessToken !== undefined) booking.access_token = view.accessToken;
  if (isLiveHold(row, view.now)) booking.hold_expires_at = toUtcIso(row.holdExpiresAt!);
  if (view.payment !== undefined) booking.payment = view.payment;
  if (row.seriesId !== null) booking.series_id = row.seriesId;
  if (view.series !== undefined) booking.series = toBookingSeries(view.series, view);
  return booking;
}

export function effectiveStatus(row: Pick<BookingRow, "status" | "holdExpiresAt">, now: Date): BookingStatus {
  if ((row.status === "pending" || row.status === "awaiting_payment") && !isLiveHold(row, now)) return "expired";
  return row.status;
}

/** docs/decisions.md#verification-codes: the resend answers only what the code step needs, the unchanged hold. */
export function toCodeResent(resent: CodeResent): ResendCodeResponse {
  return { status: "pending", hold_expires_at: toUtcIso(resent.holdExpiresAt) };
}

/** A series' occurrences as the create response (and POST /v1/series/{id}/cancel) answers them. */
export function toBookingSeries(series: { id: string; bookings: BookingRow[] }, view: Pick<BookingView, "timezone" | "now">): BookingSeries {
  return {
    id: series.id,
    count: series.bookings.length,
    bookings: series.bookings.map((row) => ({ id: row.id, starts_at: toZonedIso(row.startsAt, view.timezone), status: effectiveStatus(row, view.now) })),
  };
}
