import { rescheduleByToken } from "@/lib/customer-links/reschedule-by-token";
import { resolveManageToken } from "@/lib/customer-links/find-booking-by-token";
import { methods, route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/customer-links";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // POST /v1/public/bookings/{token}/reschedule – the customer moves a confirmed booking to an open slot (token)
  POST: route(op.reschedulePublicBooking, async ({ ctx, params, body }) =>
    rescheduleByToken({ ctx: await resolveManageToken(ctx, params.token), input: body }),
  ),
});
