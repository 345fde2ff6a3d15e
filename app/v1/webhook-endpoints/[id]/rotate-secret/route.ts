import { methods, route } from "@/lib/http/route";
import * as op from "@/lib/openapi/operations/webhooks";
import { rotateEndpointSecret } from "@/lib/webhooks/manage-endpoints";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = methods({
  // POST /v1/webhook-endpoints/{id}/rotate-secret – new signing secret, shown once; the old one dies now (SK)
  POST: route(op.rotateWebhookEndpointSecret, async ({ ctx, params }) => rotateEndpointSecret({ ctx, id: params.id })),
});
