import { methods, route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/webhooks";
import { retryDelivery } from "@/lib/webhooks/retry-delivery";
import { toWebhookDelivery } from "@/lib/webhooks/serialize";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // POST /v1/webhook-endpoints/{id}/deliveries/{deliveryId}/retry – send that delivery again now (SK)
  POST: route(op.retryWebhookDelivery, async ({ ctx, params }) =>
    toWebhookDelivery(await retryDelivery({ ctx, endpointId: params.id, deliveryId: params.deliveryId })),
  ),
});
