/**
 * The webhook event types, in one list: the endpoint schemas (./schemas.ts), the outbox
 * (./record-booking-event.ts) and the OpenAPI document's webhooks all read it. It imports
 * nothing, so neither of those needs the other to know the types.
 */
export const BOOKING_EVENT_TYPES = ["booking.created", "booking.cancelled", "booking.rescheduled", "booking.external_conflict"] as const;
/** Events about the workspace rather than one booking: its deliveries (docs/decisions.md#delivery-failures) and its waitlists (docs/series-and-waitlists.md). */
export const WORKSPACE_EVENT_TYPES = ["message.failed", "external_calendar.failing", "waitlist.offered", "waitlist.booked"] as const;
export const WEBHOOK_EVENT_TYPES = [...BOOKING_EVENT_TYPES, ...WORKSPACE_EVENT_TYPES] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export type BookingEventType = (typeof BOOKING_EVENT_TYPES)[number];
export type WorkspaceEventType = (typeof WORKSPACE_EVENT_TYPES)[number];
