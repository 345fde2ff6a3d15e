import { ListEnvelope } from "@/lib/schemas";
import {
  CreateWebhookEndpointBody,
  ListDeliveriesQuery,
  ListWebhookEndpointsQuery,
  RotatedSecret,
  UpdateWebhookEndpointBody,
  WebhookDelivery,
  WebhookDeliveryPage,
  WebhookDeliveryIdParams,
  WebhookEndpoint,
  WebhookEndpointIdParams,
} from "@/lib/webhooks/schemas";
import { defineOperation } from "../operation";

const TAG = "Webhooks";
const SIGNING =
  'Each delivery is a POST with headers Booking-Signature (t=<unix seconds>,v1=<lowercase hex HMAC-SHA256 with the secret over "<t>.<raw body>">), ' +
  "Booking-Event and Booking-Delivery (the delivery id, stable across retries: deduplicate on it). Any 2xx is success; anything else, redirects included, " +
  "is a failure (redirects are not followed); an attempt is cut off at 10 seconds. 5 attempts, waiting 1 minute, 30 minutes, 2 hours and 6 hours between them.";

export const createWebhookEndpoint = defineOperation({
  id: "createWebhookEndpoint",
  method: "POST",
  path: "/v1/webhook-endpoints",
  tag: TAG,
  summary: "Register a webhook endpoint",
  description: `The response carries the signing secret, once; it is stored sealed and never shown again (rotate it if lost). ${SIGNING}`,
  auth: "sk",
  body: CreateWebhookEndpointBody,
  response: { status: 201, schema: WebhookEndpoint },
  errors: ["validation_failed"],
});

export const listWebhookEndpoints = defineOperation({
  id: "listWebhookEndpoints",
  method: "GET",
  path: "/v1/webhook-endpoints",
  tag: TAG,
  summary: "List webhook endpoints",
  description: "Active and inactive endpoints, newest first, without secrets. next_cursor is null on the last page.",
  auth: "sk",
  query: ListWebhookEndpointsQuery,
  response: { status: 200, schema: ListEnvelope(WebhookEndpoint) },
  errors: ["validation_failed"],
});

export const getWebhookEndpoint = defineOperation({
  id: "getWebhookEndpoint",
  method: "GET",
  path: "/v1/webhook-endpoints/{id}",
  tag: TAG,
  summary: "Read a webhook endpoint",
  description: "Without its secret.",
  auth: "sk",
  params: WebhookEndpointIdParams,
  response: { status: 200, schema: WebhookEndpoint },
  errors: ["not_found"],
});

export const updateWebhookEndpoint = defineOperation({
  id: "updateWebhookEndpoint",
  method: "PATCH",
  path: "/v1/webhook-endpoints/{id}",
  tag: TAG,
  summary: "Change a webhook endpoint's url, events or active flag",
  description:
    "Omitted fields keep their value. active: true turns an endpoint back on after DELETE or automatic deactivation; deliveries waiting for it resume.",
  auth: "sk",
  params: WebhookEndpointIdParams,
  body: UpdateWebhookEndpointBody,
  response: { status: 200, schema: WebhookEndpoint },
  errors: ["not_found", "validation_failed"],
});

export const deleteWebhookEndpoint = defineOperation({
  id: "deleteWebhookEndpoint",
  method: "DELETE",
  path: "/v1/webhook-endpoints/{id}",
  tag: TAG,
  summary: "Deactivate a webhook endpoint",
  description: "Nothing is erased: the endpoint (active false) and its delivery history stay readable; PATCH active true turns it back on.",
  auth: "sk",
  params: WebhookEndpointIdParams,
  response: { status: 200, schema: WebhookEndpoint },
  errors: ["not_found"],
});

export const rotateWebhookEndpointSecret = defineOperation({
  id: "rotateWebhookEndpointSecret",
  method: "POST",
  path: "/v1/webhook-endpoints/{id}/rotate-secret",
  tag: TAG,
  summary: "Replace an endpoint's signing secret",
  description: "No body. The new secret is shown once; the old one stops signing immediately, retries of earlier deliveries included.",
  auth: "sk",
  params: WebhookEndpointIdParams,
  response: { status: 200, schema: RotatedSecret },
  errors: ["not_found"],
});

export const listWebhookDeliveries = defineOperation({
  id: "listWebhookDeliveries",
  method: "GET",
  path: "/v1/webhook-endpoints/{id}/deliveries",
  tag: TAG,
  summary: "List an endpoint's delivery attempts",
  description: "Newest first. status filters (pending, succeeded, failed). next_cursor is absent (not null) on the last page.",
  auth: "sk",
  params: WebhookEndpointIdParams,
  query: ListDeliveriesQuery,
  response: { status: 200, schema: WebhookDeliveryPage },
  errors: ["not_found", "validation_failed"],
});

export const retryWebhookDelivery = defineOperation({
  id: "retryWebhookDelivery",
  method: "POST",
  path: "/v1/webhook-endpoints/{id}/deliveries/{deliveryId}/retry",
  tag: TAG,
  summary: "Send one delivery again now",
  description:
    "Sends the delivery immediately, with the same id and payload, signed with the current secret, whatever its status and even when the endpoint is inactive; answers the delivery after the attempt. " +
    "The attempt counts: if the delivery was still pending and this attempt fails, its schedule continues. 503 transient_failure while another attempt of it is in flight.",
  auth: "sk",
  params: WebhookDeliveryIdParams,
  response: { status: 200, schema: WebhookDelivery },
  errors: ["not_found"],
});
