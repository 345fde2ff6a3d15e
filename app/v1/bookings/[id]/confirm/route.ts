import { confirmBooking } from "@/lib/bookings/confirm-booking";
import { getBookingOrThrow } from "@/lib/bookings/get-booking";
import { toBooking } from "@/lib/bookings/serialize";
import { methods, route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/bookings";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // POST /v1/bookings/{id}/confirm – confirm a pending booking without its code (SK)
  POST: route(
    op.confirmBooking,
    async ({ ctx, params }) => toBooking(await confirmBooking({ ctx, id: params.id }), { timezone: ctx.workspace.timezone, now: ctx.clock.now() }),
    {
      resume: async ({ ctx, resourceId }) =>
        toBooking(await getBookingOrThrow({ ctx, id: resourceId }), { timezone: ctx.workspace.timezone, now: ctx.clock.now() }),
    },
  ),
});
