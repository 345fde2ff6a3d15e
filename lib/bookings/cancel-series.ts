import type { ServiceContext } from "@/lib/context";
import type { BookingRow } from "@/lib/db/schema";
import { withTransaction } from "@/lib/db/transaction";
import { DomainError, notFound } from "@/lib/errors";
import { queueBookingMessages } from "@/lib/notifications/queue-booking-messages";
import { settlePaymentAfterChange } from "@/lib/payments/cancel-abandoned-payment";
import { cancelInTransaction, type CancelledInTransaction } from "./cancel-booking";
import { isCancellableStatus } from "./customer-policy";
import { listSeriesBookings } from "./series-bookings";

export type CancelSeriesInput = { seriesId: string; reason?: string; refund?: boolean };

/**
 * POST /v1/series/{id}/cancel and the manage page's "Cancel all remaining dates": every
 * occurrence not yet started that can still be cancelled is cancelled as one booking is (its
 * events, its seat given back), each under its own notice rule when a customer asks (an
 * occurrence inside its notice window is kept), all in ONE transaction, which also queues ONE
 * message to the customer and one to the business listing every date cancelled
 * (docs/series-and-waitlists.md#series). Answers every occurrence as it now stands.
 */
export async function cancelSeries({ ctx, input }: { ctx: ServiceContext; input: CancelSeriesInput }): Promise<{ id: string; bookings: BookingRow[] }> {
  const now = ctx.clock.now();
  const scope = { workspaceId: ctx.workspace.id, seriesId: input.seriesId };
  const occurrences = await listSeriesBookings(ctx.db, scope);
  if (occurrences.length === 0) throw notFound("series");
  const cancelled = await withTransaction(ctx, async (tx) => {
    const done: CancelledInTransaction[] = [];
    for (const booking of occurrences) {
      if (booking.startsAt <= now || !isCancellableStatus(booking, now)) continue;
      try {
        done.push(await cancelInTransaction(tx, ctx, { bookingId: booking.id, reason: input.reason, refund: input.refund }, "none"));
      } catch (error) {
        // Settled meanwhile, or (a customer) inside its own notice window: that occurrence stays.
        // Refused before any write, so the transaction goes on.
        const kept = error instanceof DomainError && (error.type === "too_late_to_cancel" || error.type === "booking_not_cancellable");
        if (!kept) throw error;
      }
    }
    const told = done.filter((one) => one.tellCustomer);
    const [first] = told;
    if (first) {
      const { cancelledBy } = first;
      const business = told.some((one) => one.tellBusiness) ? ({ event: "cancelled", cancelledBy } as const) : undefined;
      // One date cancelled reads as a single booking's cancellation.
      const series = told.length > 1 ? told.map((one) => one.row) : undefined;
      await queueBookingMessages(tx, { kind: "cancellation", bookingId: first.row.id, series, cancelledBy, business, now });
    }
    return done;
  });
  // After commit, as a single cancel does: a refund owed or an unpaid intent to cancel (none for a series today).
  for (const { row } of cancelled) await settlePaymentAfterChange(ctx, { workspaceId: ctx.workspace.id, bookingId: row.id });
  return { id: input.seriesId, bookings: await listSeriesBookings(ctx.db, scope) };
}
