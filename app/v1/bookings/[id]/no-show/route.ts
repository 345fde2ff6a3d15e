import { getBookingOrThrow } from "@/lib/bookings/get-booking";
import { clearNoShow } from "@/lib/bookings/clear-no-show";
import { markNoShow } from "@/lib/bookings/mark-no-show";
import { readBooking } from "@/lib/bookings/read-booking";
import { methods, route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/bookings";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // POST /v1/bookings/{id}/no-show – mark a past confirmed booking as a no-show (SK)
  POST: route(op.markNoShow, async ({ ctx, params }) => readBooking(ctx, await markNoShow({ ctx, id: params.id })), {
    resume: async ({ ctx, resourceId }) => readBooking(ctx, await getBookingOrThrow({ ctx, id: resourceId })),
  }),
  // DELETE /v1/bookings/{id}/no-show – clear the no-show mark (SK)
  DELETE: route(op.clearNoShow, async ({ ctx, params }) => readBooking(ctx, await clearNoShow({ ctx, id: params.id })), {
    resume: async ({ ctx, resourceId }) => readBooking(ctx, await getBookingOrThrow({ ctx, id: resourceId })),
  }),
});
