import { resendVerificationCode } from "@/lib/bookings/resend-verification-code";
import { toCodeResent } from "@/lib/bookings/serialize";
import { methods, route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/bookings";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // POST /v1/bookings/{id}/resend-code – send a pending booking a new 6-digit code (SK, PK)
  POST: route(op.resendBookingCode, async ({ ctx, params }) => toCodeResent(await resendVerificationCode({ ctx, input: { id: params.id } }))),
});
