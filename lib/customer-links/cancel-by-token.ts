import { cancelBooking } from "@/lib/bookings/cancel-booking";
import { DomainError } from "@/lib/errors";
import { getCustomerBooking, unknownManageToken, type CustomerContext } from "./find-booking-by-token";
import { loadPublicBookingRows } from "./load-public-booking";
import type { CustomerCancelBody, PublicBooking } from "./schemas";
import { toPublicBooking } from "./serialize";

/**
 * POST /v1/public/bookings/{token}/cancel: the customer cancels through the bookings verb
 * (which applies the notice window and clears the token). Answers the public read after the
 * change; the token gives 404 from then on.
 */
export async function cancelByToken({ ctx, input }: { ctx: CustomerContext; input: CustomerCancelBody }): Promise<PublicBooking> {
  try {
    await cancelBooking({ ctx, input: { bookingId: ctx.actor.bookingId, reason: input.reason } });
  } catch (error) {
    // Cancelled by someone else since the lookup: the token is dead, so the same 404.
    if (error instanceof DomainError && error.type === "booking_not_cancellable" && !(await isTokenLive(ctx))) throw unknownManageToken();
    throw error;
  }
  return toPublicBooking(await loadPublicBookingRows(ctx.db, ctx.actor.bookingId), ctx.clock.now());
}

async function isTokenLive(ctx: CustomerContext): Promise<boolean> {
  return getCustomerBooking(ctx.db, ctx).then(
    () => true,
    () => false,
  );
}
