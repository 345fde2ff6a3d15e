import { getBookingOrThrow } from "@/lib/bookings/get-booking";
import { readBooking } from "@/lib/bookings/read-booking";
import { methods, route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/bookings";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /v1/bookings/{id} – retrieve a booking (SK)
  GET: route(op.getBooking, async ({ ctx, params }) => readBooking(ctx, await getBookingOrThrow({ ctx, id: params.id }))),
});
