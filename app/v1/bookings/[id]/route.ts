import { getBookingOrThrow } from "@/lib/bookings/get-booking";
import { toBooking } from "@/lib/bookings/serialize";
import { methods, route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/bookings";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /v1/bookings/{id} – retrieve a booking (SK)
  GET: route(op.getBooking, async ({ ctx, params }) =>
    toBooking(await getBookingOrThrow({ ctx, id: params.id }), { timezone: ctx.workspace.timezone, now: ctx.clock.now() }),
  ),
});
