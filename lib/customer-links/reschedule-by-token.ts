import { rescheduleBooking } from "@/lib/bookings/reschedule-booking";
import type { PublicContext } from "@/lib/http/route";
import { parseInstant } from "@/lib/time/zoned";
import { findBookingByToken } from "./find-booking-by-token";
import { loadPublicBookingRows } from "./load-public-booking";
import type { CustomerRescheduleBody, PublicBooking } from "./schemas";
import { toPublicBooking } from "./serialize";

type Ctx = Pick<PublicContext, "db" | "clock">;

/**
 * POST /v1/public/bookings/{token}/reschedule: the customer moves a confirmed booking to an
 * offered slot before the notice cutoff, through the bookings verb. Answers the public read.
 */
export async function rescheduleByToken({ ctx, token, input }: { ctx: Ctx; token: string; input: CustomerRescheduleBody }): Promise<PublicBooking> {
  const booking = await findBookingByToken(ctx.db, token, ctx.clock.now());
  await rescheduleBooking({
    ctx,
    input: { workspaceId: booking.workspaceId, bookingId: booking.id, startsAt: parseInstant(input.starts_at), staffId: input.staff_id, by: "customer" },
  });
  return toPublicBooking(await loadPublicBookingRows(ctx.db, booking.id), ctx.clock.now());
}
