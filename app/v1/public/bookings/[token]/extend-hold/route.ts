import { extendHold } from "@/lib/customer-links/extend-hold";
import { methods, route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/customer-links";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // POST /v1/public/bookings/{token}/extend-hold – a live hold gets its full window again, at most twice (token)
  POST: route(op.extendPublicBookingHold, ({ ctx, params }) => extendHold({ ctx, token: params.token })),
});
