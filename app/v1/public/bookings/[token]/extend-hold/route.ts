import { extendHold } from "@/lib/customer-links/extend-hold";
import { resolveManageToken } from "@/lib/customer-links/find-booking-by-token";
import { methods, route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/customer-links";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // POST /v1/public/bookings/{token}/extend-hold – a live hold gets its full window again, at most twice (token)
  POST: route(op.extendPublicBookingHold, async ({ ctx, params }) => extendHold({ ctx: await resolveManageToken(ctx, params.token) })),
});
