import { getCustomerOrThrow } from "@/lib/customers/list-customers";
import { methods, route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/customers";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /v1/customers/{id} – one customer with their bookings count (SK)
  GET: route(op.getCustomer, ({ ctx, params }) => getCustomerOrThrow({ ctx, id: params.id })),
});
