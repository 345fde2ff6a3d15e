import { getBookingOrThrow } from "@/lib/bookings/get-booking";
import { cancelBooking } from "@/lib/bookings/cancel-booking";
import { toBooking } from "@/lib/bookings/serialize";
import { methods, route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/bookings";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // POST /v1/bookings/{id}/cancel – cancel a booking at any time (SK)
  POST: route(
    op.cancelBooking,
    async ({ ctx, params, body }) => {
      const booking = await cancelBooking({
        ctx,
        input: { bookingId: params.id, reason: body.reason, refund: body.refund },
      });
      return toBooking(booking, { timezone: ctx.workspace.timezone, now: ctx.clock.now() });
    },
    {
      resume: async ({ ctx, resourceId }) =>
        toBooking(await getBookingOrThrow({ ctx, id: resourceId }), { timezone: ctx.workspace.timezone, now: ctx.clock.now() }),
    },
  ),
});
