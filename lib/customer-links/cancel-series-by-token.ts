import { cancelSeries } from "@/lib/bookings/cancel-series";
import { conflict } from "@/lib/errors";
import { getCustomerBooking, type CustomerContext } from "./find-booking-by-token";
import { loadPublicBookingRows } from "./load-public-booking";
import type { CustomerCancelBody, PublicBooking } from "./schemas";
import { toPublicBooking } from "./serialize";

/**
 * POST /v1/public/bookings/{token}/cancel-series: the manage page's "Cancel all remaining dates".
 * Every occurrence of the booking's series not yet started is cancelled as the customer's own
 * cancel would (docs/series-and-waitlists.md): one inside its notice window is kept, each
 * cancelled one has its own messages and events. Answers the public read of this link's
 * booking afterwards (its token stops working once it is cancelled).
 */
export async function cancelSeriesByToken({ ctx, input }: { ctx: CustomerContext; input: CustomerCancelBody }): Promise<PublicBooking> {
  const booking = await getCustomerBooking(ctx.db, ctx);
  if (!booking.seriesId) throw conflict("This booking is not part of a series.");
  await cancelSeries({ ctx, input: { seriesId: booking.seriesId, reason: input.reason } });
  return toPublicBooking(await loadPublicBookingRows(ctx.db, booking.id), ctx.clock.now());
}
