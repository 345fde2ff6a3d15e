import { cancelSeriesByToken } from "@/lib/customer-links/cancel-series-by-token";
import { resolveManageToken } from "@/lib/customer-links/find-booking-by-token";
import { methods, route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/customer-links";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // POST /v1/public/bookings/{token}/cancel-series – the customer cancels every later date of the booking's series (token)
  POST: route(op.cancelPublicSeries, async ({ ctx, params, body }) => cancelSeriesByToken({ ctx: await resolveManageToken(ctx, params.token), input: body })),
});
