import { methods, route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/webhooks";
import { listDeliveries } from "@/lib/webhooks/list-deliveries";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /v1/webhook-endpoints/{id}/deliveries – delivery attempts, newest first, by status (SK)
  GET: route(op.listWebhookDeliveries, async ({ ctx, params, query }) =>
    listDeliveries({ ctx, endpointId: params.id, page: { limit: query.limit ?? 50, cursor: query.cursor }, status: query.status }),
  ),
});
