import { verifyBooking } from "@/lib/bookings/verify-booking";
import { methods, route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/bookings";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // POST /v1/bookings/{id}/verify – confirm a pending booking with its 6-digit code (SK, PK)
  POST: route(
    op.verifyBooking,
    async ({ ctx, params, body }) => {
      await verifyBooking({ ctx, id: params.id, code: body.code, language: body.language });
      return { status: "confirmed" as const };
    },
    { resume: async () => ({ status: "confirmed" as const }) },
  ),
});
