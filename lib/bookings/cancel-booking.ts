import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { ServiceContext } from "@/lib/context";
import type { Tx } from "@/lib/db/client";
import { bookings, services, type BookingRow } from "@/lib/db/schema";
import { queueBookingMessages } from "@/lib/notifications/queue-booking-messages";
import { settlePaymentAfterChange } from "@/lib/payments/cancel-abandoned-payment";
import { markRefundDue } from "@/lib/payments/refund-payment";
import { recordBookingEvent } from "@/lib/webhooks/record-booking-event";
import { assertCustomerMayCancel, isCancellableStatus, refusalError } from "./customer-policy";
import { lockBookingOrThrow } from "./get-booking";
import { recordScheduleChanged } from "./schedule-events";
import { HOLD_STATUSES, isLiveHold } from "./holds";
import { afterCommit, withTransaction } from "@/lib/db/transaction";

export type CancelBookingInput = {
  bookingId: string;
  reason?: string;
  /** docs/decisions.md#bookings: a paid booking is refunded in full unless the secret key sends `refund: false`. */
  refund?: boolean;
};

/**
 * Cancels a pending, awaiting_payment or confirmed booking: the slot is freed, the manage
 * token stops working, the customer is told when the booking had been confirmed to them (or a
 * refund is due), and booking.cancelled goes out when the booking
 * had been announced (a hold that never confirmed was never announced). Shared by
 * POST /v1/bookings/{id}/cancel and the customer's token route: a secret key cancels any
 * time, a customer (manage token) only before the notice cutoff.
 */
export async function cancelBooking({ ctx, input }: { ctx: ServiceContext; input: CancelBookingInput }): Promise<BookingRow> {
  let released: string[] = [];
  // The transaction's outcome is the cancelled row itself: an Idempotency-Key's record is written
  // from it (docs/idempotency.md), so a repeat after a lost answer answers from that booking.
  const cancelled = await withTransaction(ctx, async (tx) => {
    const one = await cancelInTransaction(tx, ctx, input, "own");
    // A series is held whole (one code confirms it all): giving back one of its holds gives back every date.
    released = one.wasHeld && one.row.seriesId ? await releaseSeriesHolds(tx, ctx, one.row, input.reason) : [];
    return one.row;
  });
  // After commit: the refund now owed, or the unpaid intent cancelled (the payment sweeps retry).
  for (const bookingId of [cancelled.id, ...released]) await settlePaymentAfterChange(ctx, { workspaceId: ctx.workspace.id, bookingId });
  return cancelled;
}

/** The series' other holds still alive, cancelled in the same transaction (docs/series-and-waitlists.md#series). */
async function releaseSeriesHolds(tx: Tx, ctx: ServiceContext, given: BookingRow, reason: string | undefined): Promise<string[]> {
  const now = ctx.clock.now();
  const held = await tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.workspaceId, given.workspaceId), eq(bookings.seriesId, given.seriesId!), inArray(bookings.status, HOLD_STATUSES)))
    .orderBy(asc(bookings.startsAt));
  const released: string[] = [];
  for (const booking of held) {
    if (!isLiveHold(booking, now)) continue;
    await cancelInTransaction(tx, ctx, { bookingId: booking.id, reason }, "own");
    released.push(booking.id);
  }
  return released;
}

/** What one cancel did, for a caller that sends the messages itself (a series' one message). */
export type CancelledInTransaction = {
  row: BookingRow;
  /** The customer is told (the booking had been confirmed to them); the business too when it had heard of it. */
  tellCustomer: boolean;
  tellBusiness: boolean;
  /** It was a hold (a code or a payment not yet given). */
  wasHeld: boolean;
  cancelledBy: "customer" | "business";
};

/**
 * One cancel inside the caller's transaction. Every refusal is thrown before any write, so a
 * caller cancelling several bookings in one transaction may catch it and go on. With `messages`
 * "none" the caller queues the messages (lib/bookings/cancel-series.ts: one for the series).
 */
export async function cancelInTransaction(tx: Tx, ctx: ServiceContext, input: CancelBookingInput, messages: "own" | "none"): Promise<CancelledInTransaction> {
  const now = ctx.clock.now();
  const workspaceId = ctx.workspace.id;
  const booking = await lockBookingOrThrow(tx, { workspaceId, id: input.bookingId });
  if (ctx.actor.type === "customer") {
    const [service] = await tx
      .select({ minCancelNoticeMinutes: services.minCancelNoticeMinutes })
      .from(services)
      .where(and(eq(services.id, booking.serviceId), eq(services.workspaceId, workspaceId)));
    assertCustomerMayCancel({ booking, minCancelNoticeMinutes: service!.minCancelNoticeMinutes, now });
  } else if (!isCancellableStatus(booking, now)) {
    throw refusalError("booking_not_cancellable");
  }
  const [row] = await tx
    .update(bookings)
    .set({
      status: "cancelled",
      cancelledAt: now,
      cancelReason: input.reason ?? null,
      holdExpiresAt: null,
      codeHash: null,
      accessTokenHash: null,
      accessTokenSealed: null,
      // Dead for every call, still recognised by the manage page (find-retired-link.ts).
      retiredTokenHash: booking.accessTokenHash,
      // The cancellation's .ics must outrank every earlier copy of the event.
      sequence: sql`${bookings.sequence} + 1`,
      updatedAt: now,
    })
    .where(eq(bookings.id, booking.id))
    .returning();
  if (booking.isAnnounced) {
    await recordBookingEvent(tx, { workspaceId, type: "booking.cancelled", bookingId: booking.id, now });
  }
  // The refund is marked first so the cancellation email can name it.
  const refunding = input.refund !== false && (await markRefundDue(tx, { workspaceId, bookingId: booking.id, now }));
  // The business hears of a cancellation of what it heard of as booked (a hold never confirmed was never announced).
  const cancelledBy = ctx.actor.type === "customer" ? "customer" : "business";
  const business = booking.isAnnounced ? ({ event: "cancelled", cancelledBy } as const) : undefined;
  // A hold given back (a code or payment never completed) was never confirmed to the customer:
  // nothing to take back, so no "Booking cancelled" message, unless it has money to return.
  const tellCustomer = booking.status === "confirmed" || refunding;
  if (tellCustomer && messages === "own")
    await queueBookingMessages(tx, { kind: "cancellation", bookingId: booking.id, refunding, cancelledBy, business, now });
  if (isLiveHold(booking, now)) await afterCommit(tx, { type: "hold.settled", bookingId: booking.id });
  // A class seat given back: its waitlist is offered it (docs/series-and-waitlists.md).
  if (booking.sessionId)
    await afterCommit(tx, { type: "seat.freed", workspaceId, serviceId: booking.serviceId, staffId: booking.staffId, startsAt: booking.startsAt });
  // Only a confirmed booking has a reminder run to stop.
  if (booking.status === "confirmed") await recordScheduleChanged(tx, row!);
  const wasHeld = booking.status === "pending" || booking.status === "awaiting_payment";
  return { row: row!, tellCustomer, tellBusiness: booking.isAnnounced, wasHeld, cancelledBy };
}
