import { methods, route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/webhooks";
import { createEndpoint } from "@/lib/webhooks/create-endpoint";
import { listEndpoints } from "@/lib/webhooks/manage-endpoints";
import { toWebhookEndpoint } from "@/lib/webhooks/serialize";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // POST /v1/webhook-endpoints – register an endpoint; the secret is shown once (SK)
  POST: route(op.createWebhookEndpoint, async ({ ctx, body }) => {
    const { row, secret } = await createEndpoint({ ctx, input: body });
    return toWebhookEndpoint(row, secret);
  }),
  // GET /v1/webhook-endpoints – the workspace's endpoints, newest first, no secrets (SK)
  GET: route(op.listWebhookEndpoints, async ({ ctx, query }) =>
    listEndpoints({ ctx, page: { limit: query.limit ?? 50, cursor: query.cursor }, serialize: (row) => toWebhookEndpoint(row) }),
  ),
});
