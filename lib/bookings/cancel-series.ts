import type { ServiceContext } from "@/lib/context";
import type { BookingRow } from "@/lib/db/schema";
import { DomainError, notFound } from "@/lib/errors";
import { cancelBooking } from "./cancel-booking";
import { isCancellableStatus } from "./customer-policy";
import { listSeriesBookings } from "./series-bookings";

export type CancelSeriesInput = { seriesId: string; reason?: string; refund?: boolean };

/**
 * POST /v1/series/{id}/cancel and the manage page's "Cancel the rest": every occurrence not
 * yet started that can still be cancelled is cancelled as one booking is (its own
 * transaction, messages and events), each under its own notice rule when a customer asks (an
 * occurrence inside its notice window is kept). Answers every occurrence as it now stands.
 */
export async function cancelSeries({ ctx, input }: { ctx: ServiceContext; input: CancelSeriesInput }): Promise<{ id: string; bookings: BookingRow[] }> {
  const now = ctx.clock.now();
  const scope = { workspaceId: ctx.workspace.id, seriesId: input.seriesId };
  const occurrences = await listSeriesBookings(ctx.db, scope);
  if (occurrences.length === 0) throw notFound("series");
  for (const booking of occurrences) {
    if (booking.startsAt <= now || !isCancellableStatus(booking, now)) continue;
    try {
      await cancelBooking({ ctx, input: { bookingId: booking.id, reason: input.reason, refund: input.refund } });
    } catch (error) {
      // Settled meanwhile, or (a customer) inside its own notice window: that occurrence stays.
      const kept = error instanceof DomainError && (error.type === "too_late_to_cancel" || error.type === "booking_not_cancellable");
      if (!kept) throw error;
    }
  }
  return { id: input.seriesId, bookings: await listSeriesBookings(ctx.db, scope) };
}
