import { listCustomers } from "@/lib/customers/list-customers";
import { methods, route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/customers";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /v1/customers – the workspace's customers with their bookings count, ?q= to search (SK)
  GET: route(op.listCustomers, ({ ctx, query }) => listCustomers({ ctx, query })),
});
