import { getBookingOrThrow } from "@/lib/bookings/get-booking";
import { rescheduleBooking } from "@/lib/bookings/reschedule-booking";
import { readBooking } from "@/lib/bookings/read-booking";
import { methods, route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/bookings";
import { parseInstant } from "@/lib/time/zoned";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // POST /v1/bookings/{id}/reschedule – move a confirmed booking (SK)
  POST: route(
    op.rescheduleBooking,
    async ({ ctx, params, body }) => {
      const booking = await rescheduleBooking({
        ctx,
        input: { bookingId: params.id, startsAt: parseInstant(body.starts_at), staffId: body.staff_id },
      });
      return readBooking(ctx, booking);
    },
    {
      resume: async ({ ctx, resourceId }) => readBooking(ctx, await getBookingOrThrow({ ctx, id: resourceId })),
    },
  ),
});
