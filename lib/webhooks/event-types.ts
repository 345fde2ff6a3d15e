/**
 * The webhook event types, in one list: the endpoint schemas (./schemas.ts), the outbox
 * (./record-booking-event.ts) and the OpenAPI document's webhooks all read it. It imports
 * nothing, so neither of those needs the other to know the types.
 */
export const WEBHOOK_EVENT_TYPES = ["booking.created", "booking.cancelled", "booking.rescheduled", "booking.external_conflict"] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
