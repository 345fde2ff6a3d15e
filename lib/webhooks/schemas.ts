import { z } from "zod";
import { BookingAnswers, BookingStatus } from "@/lib/booking-details/schemas";
import { DELIVERY_STATUSES } from "@/lib/db/schema";
import { DateTimeOutput, HttpUrl, PageQuery, Uuid } from "@/lib/schemas";
import { WEBHOOK_EVENT_TYPES } from "./event-types";

export const WebhookEventType = z.enum(WEBHOOK_EVENT_TYPES).meta({ id: "WebhookEventType" });

/** A non-empty set of event types; repeats collapse, order is kept. */
const EventList = z
  .array(WebhookEventType)
  .min(1, "must name at least one event type")
  .max(WEBHOOK_EVENT_TYPES.length * 4)
  .transform((events) => [...new Set(events)]);

const EndpointUrl = HttpUrl.meta({
  description:
    "Where deliveries are POSTed. https only, and no private, loopback or link-local address (checked here and again after DNS resolution at delivery time), unless the server runs with dev tools.",
  example: "https://example.com/webhooks/bookings",
});

export const WebhookEndpoint = z
  .object({
    id: Uuid,
    url: z.string(),
    events: z.array(WebhookEventType),
    active: z.boolean(),
    consecutive_failures: z.number().int().meta({
      description: "Deliveries in a row that exhausted all their attempts; 3 deactivate the endpoint; a success resets it to 0.",
    }),
    last_success_at: DateTimeOutput.nullable(),
    last_failure_at: DateTimeOutput.nullable().meta({ description: "The last failed attempt." }),
    created_at: DateTimeOutput,
    secret: z.string().optional().meta({ description: "Signing secret; only on the create response. Store it: it cannot be read later." }),
  })
  .meta({ id: "WebhookEndpoint" });
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

export const CreateWebhookEndpointBody = z.object({ url: EndpointUrl, events: EventList });
export type CreateWebhookEndpointBody = z.infer<typeof CreateWebhookEndpointBody>;

export const UpdateWebhookEndpointBody = z.object({
  url: EndpointUrl.optional(),
  events: EventList.optional(),
  active: z.boolean().optional(),
});
export type UpdateWebhookEndpointBody = z.infer<typeof UpdateWebhookEndpointBody>;

export const RotatedSecret = z
  .object({ id: Uuid, secret: z.string().meta({ description: "The new signing secret, shown once; the old one is dead." }) })
  .meta({ id: "WebhookEndpointSecret" });

export const DeliveryStatus = z.enum(DELIVERY_STATUSES).meta({
  id: "WebhookDeliveryStatus",
  description: "pending: attempts remain (or none made yet); succeeded: an attempt got a 2xx; failed: all 5 attempts failed.",
});

export const WebhookDelivery = z
  .object({
    id: Uuid.meta({ description: "Also the payload id and the Booking-Delivery header; stable across retries." }),
    event_type: WebhookEventType,
    status: DeliveryStatus,
    attempts: z.number().int(),
    response_status: z.number().int().nullable().meta({ description: "The HTTP status of the last reply; null before any reply." }),
    last_error: z.string().nullable(),
    next_retry_at: DateTimeOutput.nullable(),
    created_at: DateTimeOutput,
    completed_at: DateTimeOutput.nullable(),
    payload: z.record(z.string(), z.unknown()).meta({ description: "The body sent (or to be sent)." }),
  })
  .meta({ id: "WebhookDelivery" });
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

/** GET …/deliveries: unlike other lists, next_cursor is absent (not null) on the last page. */
export const WebhookDeliveryPage = z.object({ data: z.array(WebhookDelivery), next_cursor: z.string().optional() });
export type WebhookDeliveryPage = z.infer<typeof WebhookDeliveryPage>;

export const WebhookEndpointIdParams = z.object({ id: Uuid });
export const WebhookDeliveryIdParams = z.object({ id: Uuid, deliveryId: Uuid });

export const ListWebhookEndpointsQuery = PageQuery;

export const ListDeliveriesQuery = PageQuery.extend({ status: DeliveryStatus.optional() });
export type ListDeliveriesQuery = z.infer<typeof ListDeliveriesQuery>;

/** The spec's "Payload shape": what every delivery POSTs. It never carries a secret, token or code. */
const EventBooking = z.object({
  id: Uuid,
  status: BookingStatus.meta({ description: "The booking's status when the event happened (confirmed, or cancelled on booking.cancelled)." }),
  starts_at: DateTimeOutput.meta({ description: "With the workspace's offset." }),
  ends_at: DateTimeOutput.meta({ description: "With the workspace's offset." }),
  service: z.object({ id: Uuid, name: z.string() }),
  staff: z.object({ id: Uuid, name: z.string() }),
  customer: z.object({ id: Uuid, name: z.string(), email: z.string(), phone: z.string().meta({ description: '"" when the customer gave none.' }) }),
  created_via: z.enum(["sk", "pk"]).meta({ description: "Which key type made the booking; pk is the customer booking themselves." }),
  rescheduled_from_id: Uuid.nullable(),
  answers: BookingAnswers,
});

export const WebhookEventPayload = z
  .object({
    id: Uuid.meta({ description: "The delivery id: the same value as the Booking-Delivery header, stable across retries. Deduplicate on it." }),
    type: WebhookEventType,
    created_at: DateTimeOutput.meta({ description: "When the event happened (UTC)." }),
    data: z.object({
      booking: EventBooking,
      previous_starts_at: DateTimeOutput.optional().meta({
        description: "Where the booking was before the move: on booking.rescheduled only, absent (not null) on the others.",
      }),
      conflict: z
        .object({
          external_calendar_id: Uuid,
          starts_at: DateTimeOutput.meta({ description: "The external busy interval's start, with the workspace's offset." }),
          ends_at: DateTimeOutput.meta({ description: "Its end, with the workspace's offset." }),
        })
        .optional()
        .meta({ description: "What landed on the booking: on booking.external_conflict only, absent on the others." }),
    }),
  })
  .meta({ id: "WebhookEvent" });
export type WebhookEventPayload = z.infer<typeof WebhookEventPayload>;
