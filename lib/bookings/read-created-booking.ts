import type { ServiceContext } from "@/lib/context";
import { startBookingPayment } from "@/lib/payments/create-payment";
import { unseal } from "@/lib/secrets/seal";
import { loadAnswersOf } from "@/lib/booking-details/answers";
import type { CreatedBooking } from "./create-booking";
import { getBookingOrThrow } from "./get-booking";
import { listSeriesBookings } from "./series-bookings";

/**
 * A create's answer again, from the booking it committed: for a repeat of a create (same
 * Idempotency-Key) whose first attempt committed but never stored its answer (the process died
 * in between; docs/idempotency.md). The manage token is read back from its sealed copy (gone
 * once the booking was cancelled); the payment block is set up as the create does.
 */
export async function readCreatedBooking({
  ctx,
  id,
}: {
  ctx: Pick<ServiceContext, "db" | "workspace" | "clock">;
  id: string;
}): Promise<Omit<CreatedBooking, "accessToken"> & { accessToken?: string }> {
  const booking = await getBookingOrThrow({ ctx, id });
  const accessToken = booking.accessTokenSealed ? unseal(booking.accessTokenSealed) : undefined;
  const payment = await startBookingPayment(ctx, { workspaceId: ctx.workspace.id, bookingId: booking.id });
  const answers = await loadAnswersOf(ctx.db, booking.id);
  const series = booking.seriesId
    ? { id: booking.seriesId, bookings: await listSeriesBookings(ctx.db, { workspaceId: ctx.workspace.id, seriesId: booking.seriesId }) }
    : undefined;
  return { booking, accessToken, payment, answers, series };
}
