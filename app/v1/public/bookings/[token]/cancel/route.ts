import { cancelByToken } from "@/lib/customer-links/cancel-by-token";
import { resolveManageToken } from "@/lib/customer-links/find-booking-by-token";
import { methods, route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/customer-links";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // POST /v1/public/bookings/{token}/cancel – the customer cancels before the notice cutoff (token)
  POST: route(op.cancelPublicBooking, async ({ ctx, params, body }) => cancelByToken({ ctx: await resolveManageToken(ctx, params.token), input: body })),
});
