import { findPublishableKey } from "@/lib/api-keys/find-publishable-key";
import { rescheduleBooking } from "@/lib/bookings/reschedule-booking";
import { DomainError } from "@/lib/errors";
import { parseInstant } from "@/lib/time/zoned";
import type { CustomerContext } from "./find-booking-by-token";
import { loadPublicBookingRows } from "./load-public-booking";
import type { CustomerRescheduleBody, PublicBooking } from "./schemas";
import { toPublicBooking } from "./serialize";

/**
 * POST /v1/public/bookings/{token}/reschedule: the customer moves a confirmed booking to an
 * offered slot before the notice cutoff, through the bookings verb. Answers the public read.
 * A business without a usable publishable key offers no times to move to: rescheduling is
 * unavailable (the read says can_reschedule: false), so the call is refused as well.
 */
export async function rescheduleByToken({ ctx, input }: { ctx: CustomerContext; input: CustomerRescheduleBody }): Promise<PublicBooking> {
  const bookingId = ctx.actor.bookingId;
  if ((await findPublishableKey(ctx.db, ctx.workspace.id)) === null) {
    throw new DomainError("forbidden", "Rescheduling is unavailable for this business; the booking can still be viewed and cancelled.");
  }
  await rescheduleBooking({ ctx, input: { bookingId, startsAt: parseInstant(input.starts_at), staffId: input.staff_id } });
  return toPublicBooking(await loadPublicBookingRows(ctx.db, bookingId), ctx.clock.now());
}
