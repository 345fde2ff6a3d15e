import { getBookingOrThrow } from "@/lib/bookings/get-booking";
import { rescheduleBooking } from "@/lib/bookings/reschedule-booking";
import { toBooking } from "@/lib/bookings/serialize";
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
      return toBooking(booking, { timezone: ctx.workspace.timezone, now: ctx.clock.now() });
    },
    {
      resume: async ({ ctx, resourceId }) =>
        toBooking(await getBookingOrThrow({ ctx, id: resourceId }), { timezone: ctx.workspace.timezone, now: ctx.clock.now() }),
    },
  ),
});
