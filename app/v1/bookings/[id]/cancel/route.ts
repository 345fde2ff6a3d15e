import { getBookingOrThrow } from "@/lib/bookings/get-booking";
import { cancelBooking } from "@/lib/bookings/cancel-booking";
import { readBooking } from "@/lib/bookings/read-booking";
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
      return readBooking(ctx, booking);
    },
    {
      resume: async ({ ctx, resourceId }) => readBooking(ctx, await getBookingOrThrow({ ctx, id: resourceId })),
    },
  ),
});
