import { cancelBooking } from "@/lib/bookings/cancel-booking";
import { DomainError } from "@/lib/errors";
import type { PublicContext } from "@/lib/http/route";
import { findBookingByToken, unknownManageToken } from "./find-booking-by-token";
import { loadPublicBookingRows } from "./load-public-booking";
import type { CustomerCancelBody, PublicBooking } from "./schemas";
import { toPublicBooking } from "./serialize";

type Ctx = Pick<PublicContext, "db" | "clock">;

/**
 * POST /v1/public/bookings/{token}/cancel: the customer cancels through the bookings verb
 * (which applies the notice window and clears the token). Answers the public read after the
 * change; the token gives 404 from then on.
 */
export async function cancelByToken({ ctx, token, input }: { ctx: Ctx; token: string; input: CustomerCancelBody }): Promise<PublicBooking> {
  const now = ctx.clock.now();
  const booking = await findBookingByToken(ctx.db, token, now);
  try {
    await cancelBooking({ ctx, input: { workspaceId: booking.workspaceId, bookingId: booking.id, reason: input.reason, by: "customer" } });
  } catch (error) {
    // Cancelled by someone else since the lookup: the token is dead, so the same 404.
    if (error instanceof DomainError && error.type === "booking_not_cancellable" && !(await isTokenLive(ctx, token, now))) throw unknownManageToken();
    throw error;
  }
  return toPublicBooking(await loadPublicBookingRows(ctx.db, booking.id), ctx.clock.now());
}

async function isTokenLive(ctx: Ctx, token: string, now: Date): Promise<boolean> {
  return findBookingByToken(ctx.db, token, now).then(
    () => true,
    () => false,
  );
}
