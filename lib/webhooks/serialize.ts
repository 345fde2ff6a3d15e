import type { WebhookDeliveryRow, WebhookEndpointRow } from "@/lib/db/schema";
import { toUtcIso, toUtcIsoOrNull } from "@/lib/time/zoned";
import type { WebhookEventType } from "./event-types";
import type { WebhookDelivery, WebhookEndpoint } from "./schemas";

/** `secret` is passed only on the create response; it is never readable afterwards. */
export function toWebhookEndpoint(row: WebhookEndpointRow, secret?: string): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: row.events as WebhookEventType[],
    active: row.active,
    consecutive_failures: row.consecutiveFailures,
    last_success_at: toUtcIsoOrNull(row.lastSuccessAt),
    last_failure_at: toUtcIsoOrNull(row.lastFailureAt),
    created_at: toUtcIso(row.createdAt),
    ...(secret === undefined ? {} : { secret }),
  };
}

export function toWebhookDelivery(row: WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    event_type: row.eventType as WebhookEventType,
    status: row.status,
    attempts: row.attempts,
    response_status: row.responseStatus,
    last_error: row.lastError,
    next_retry_at: toUtcIsoOrNull(row.nextRetryAt),
    created_at: toUtcIso(row.createdAt),
    completed_at: toUtcIsoOrNull(row.completedAt),
    payload: row.payload as Record<string, unknown>,
  };
}
