import { getBookingOrThrow } from "@/lib/bookings/get-booking";
import { readBooking } from "@/lib/bookings/read-booking";
import { resendConfirmation } from "@/lib/bookings/resend-confirmation";
import { methods, route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/bookings";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // POST /v1/bookings/{id}/resend-confirmation – the confirmation email again (SK)
  POST: route(op.resendConfirmation, async ({ ctx, params }) => readBooking(ctx, await resendConfirmation({ ctx, id: params.id })), {
    resume: async ({ ctx, resourceId }) => readBooking(ctx, await getBookingOrThrow({ ctx, id: resourceId })),
  }),
});
