import { methods, route } from "@/lib/http/route";
import { listMessages } from "@/lib/notifications/list-messages";
import * as op from "@/lib/openapi/operations/messages";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /v1/messages – the workspace's emails and SMS, newest first, by status, booking and channel (SK)
  GET: route(op.listMessages, async ({ ctx, query }) => listMessages({ ctx, page: { limit: query.limit ?? 50, cursor: query.cursor }, filters: query })),
});
