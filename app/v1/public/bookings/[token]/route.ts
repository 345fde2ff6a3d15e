import { getPublicBooking } from "@/lib/customer-links/get-public-booking";
import { resolveManageToken } from "@/lib/customer-links/find-booking-by-token";
import { methods, route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/customer-links";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /v1/public/bookings/{token} – the customer's view of their booking (token; reads only)
  GET: route(op.getPublicBooking, async ({ ctx, params }) => getPublicBooking({ ctx: await resolveManageToken(ctx, params.token) })),
});
