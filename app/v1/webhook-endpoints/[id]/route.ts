import { methods, route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/webhooks";
import { deactivateEndpoint, getEndpointOrThrow, updateEndpoint } from "@/lib/webhooks/manage-endpoints";
import { toWebhookEndpoint } from "@/lib/webhooks/serialize";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // GET /v1/webhook-endpoints/{id} – one endpoint, no secret (SK)
  GET: route(op.getWebhookEndpoint, async ({ ctx, params }) => toWebhookEndpoint(await getEndpointOrThrow({ ctx, id: params.id }))),
  // PATCH /v1/webhook-endpoints/{id} – change url, events or active; omitted fields kept (SK)
  PATCH: route(op.updateWebhookEndpoint, async ({ ctx, params, body }) => toWebhookEndpoint(await updateEndpoint({ ctx, id: params.id, input: body }))),
  // DELETE /v1/webhook-endpoints/{id} – deactivate; answers the endpoint with active false (SK)
  DELETE: route(op.deleteWebhookEndpoint, async ({ ctx, params }) => toWebhookEndpoint(await deactivateEndpoint({ ctx, id: params.id }))),
});
