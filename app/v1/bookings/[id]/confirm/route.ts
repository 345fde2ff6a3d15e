import { confirmBooking } from "@/lib/bookings/confirm-booking";
import { getBookingOrThrow } from "@/lib/bookings/get-booking";
import { readBooking } from "@/lib/bookings/read-booking";
import { methods, route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/bookings";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // POST /v1/bookings/{id}/confirm – confirm a pending booking without its code (SK)
  POST: route(op.confirmBooking, async ({ ctx, params }) => readBooking(ctx, await confirmBooking({ ctx, id: params.id })), {
    resume: async ({ ctx, resourceId }) => readBooking(ctx, await getBookingOrThrow({ ctx, id: resourceId })),
  }),
});
