import { z } from "zod";
import type { ZodOpenApiPathItemObject } from "zod-openapi";
import { ExternalCalendar } from "@/lib/external-calendars/schemas";
import { Message } from "@/lib/notifications/schemas";
import { DateTimeOutput, Uuid } from "@/lib/schemas";
import { WaitlistEntry } from "@/lib/waitlist/schemas";
import { WEBHOOK_EVENT_TYPES, type BookingEventType, type WebhookEventType, type WorkspaceEventType } from "@/lib/webhooks/event-types";
import { WebhookEventPayload } from "@/lib/webhooks/schemas";

/** The three headers every delivery carries (lib/webhooks/attempt-delivery.ts). */
const DELIVERY_HEADERS = z.object({
  "Booking-Signature": z.string().meta({
    description:
      't=<unix seconds>,v1=<lowercase hex HMAC-SHA256 of "<t>.<raw body bytes>" keyed with the endpoint\'s signing secret>. ' +
      "Verify it over the raw bytes (not re-serialised JSON) with a constant-time comparison; apply your own timestamp tolerance.",
    example: "t=1767250800,v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd",
  }),
  "Booking-Event": z.enum(WEBHOOK_EVENT_TYPES).meta({ description: "The event type, as in the body's type." }),
  "Booking-Delivery": z.uuid().meta({ description: "The delivery id, stable across retries: the deduplication key (the body's id)." }),
});

const WHEN: Record<WebhookEventType, string> = {
  "booking.created": "A booking became confirmed for the first time (at once, after its code, or when its payment succeeded).",
  "booking.cancelled":
    "A booking that had been announced with booking.created was cancelled (by a secret key or the customer). A hold that never confirmed emits nothing.",
  "booking.rescheduled": "A confirmed booking moved (by a secret key or the customer); the id stays the same and data.previous_starts_at says where it was.",
  "booking.external_conflict":
    "A sync of one of the calendar's external calendars brought a busy interval that overlaps this future pending or confirmed booking (data.conflict). Sent once per booking and interval; nothing is cancelled or moved.",
  "message.failed":
    "An email or SMS to the customer or the business was given up after its last attempt (data.message, as GET /v1/messages shows it: never its address or body; last_error is the provider's refusal).",
  "external_calendar.failing":
    "An external calendar could not be read and turned failing (data.external_calendar); sent again if it stays failing for 7 days and is disabled. Sent once per turn, not per failed read.",
  "waitlist.offered":
    "A seat freed in a full class session and was offered to the first waiting entry (data.waitlist_entry, status offered): a booking (booking_id) is held for the customer until offer_expires_at, and the customer was emailed a link that books it in one click.",
  "waitlist.booked":
    "The customer took the seat offered to them (data.waitlist_entry, status booked): the held booking (booking_id) is confirmed and booking.created follows.",
};

const { data } = WebhookEventPayload.shape;

/** One payload schema per event: its `type` fixed, `previous_starts_at` only on booking.rescheduled. */
function payloadFor(type: BookingEventType, id: string) {
  const eventData =
    type === "booking.rescheduled"
      ? data.extend({ previous_starts_at: data.shape.previous_starts_at.unwrap() }).omit({ conflict: true })
      : type === "booking.external_conflict"
        ? data.extend({ conflict: data.shape.conflict.unwrap() }).omit({ previous_starts_at: true })
        : data.omit({ previous_starts_at: true, conflict: true });
  return WebhookEventPayload.extend({ type: z.literal(type), data: eventData }).meta({ id, description: WHEN[type] });
}

/** An event about the workspace's deliveries: the object as the API shows it. */
function workspacePayloadFor(type: WorkspaceEventType, id: string) {
  const data =
    type === "message.failed"
      ? z.object({ message: Message })
      : type === "external_calendar.failing"
        ? z.object({ external_calendar: ExternalCalendar })
        : z.object({ waitlist_entry: WaitlistEntry });
  return z
    .object({
      id: Uuid.meta({ description: "The delivery id: the same value as the Booking-Delivery header, stable across retries. Deduplicate on it." }),
      type: z.literal(type),
      created_at: DateTimeOutput.meta({ description: "When the event happened (UTC)." }),
      data,
    })
    .meta({ id, description: WHEN[type] });
}

const PAYLOAD_IDS = {
  "booking.created": "BookingCreatedEvent",
  "booking.cancelled": "BookingCancelledEvent",
  "booking.rescheduled": "BookingRescheduledEvent",
  "booking.external_conflict": "BookingExternalConflictEvent",
  "message.failed": "MessageFailedEvent",
  "external_calendar.failing": "ExternalCalendarFailingEvent",
  "waitlist.offered": "WaitlistOfferedEvent",
  "waitlist.booked": "WaitlistBookedEvent",
} satisfies Record<WebhookEventType, string>;

const PAYLOADS = {
  "booking.created": payloadFor("booking.created", PAYLOAD_IDS["booking.created"]),
  "booking.cancelled": payloadFor("booking.cancelled", PAYLOAD_IDS["booking.cancelled"]),
  "booking.rescheduled": payloadFor("booking.rescheduled", PAYLOAD_IDS["booking.rescheduled"]),
  "booking.external_conflict": payloadFor("booking.external_conflict", PAYLOAD_IDS["booking.external_conflict"]),
  "message.failed": workspacePayloadFor("message.failed", PAYLOAD_IDS["message.failed"]),
  "external_calendar.failing": workspacePayloadFor("external_calendar.failing", PAYLOAD_IDS["external_calendar.failing"]),
  "waitlist.offered": workspacePayloadFor("waitlist.offered", PAYLOAD_IDS["waitlist.offered"]),
  "waitlist.booked": workspacePayloadFor("waitlist.booked", PAYLOAD_IDS["waitlist.booked"]),
} satisfies Record<WebhookEventType, z.ZodType>;

/** The payload schema of one event (its `type` fixed), as the document declares it. */
export function webhookPayloadSchema(type: WebhookEventType): z.ZodType {
  return PAYLOADS[type];
}

const EXAMPLE_BOOKING = {
  id: "8f0c7a4e-6a0b-4f7e-9d43-2f1e0c9b7a11",
  status: "confirmed",
  starts_at: "2027-03-02T10:00:00-05:00",
  ends_at: "2027-03-02T10:45:00-05:00",
  service: { id: "0b6e3c55-5e0a-4b8e-8d1d-6f3a0f8f2c01", name: "Haircut" },
  staff: { id: "c2a1f5a4-1c1d-4a67-9a3e-7b0d9e6f4d22", name: "Alex Rivera" },
  customer: { id: "5d9e8f71-3b2c-4d1a-8e6f-0a9b8c7d6e33", name: "Ada Lovelace", email: "ada@example.com", phone: "+14155550123" },
  created_via: "pk",
  rescheduled_from_id: null,
  answers: [
    {
      question_id: "9a7b3c1d-2e4f-4a6b-8c0d-1e2f3a4b5c66",
      label: "Anything we should know? Allergies, accessibility needs",
      value: "Severe latex allergy — please use nitrile gloves. Wheelchair user.",
    },
  ],
};

/** A realistic payload of each event: in the document and in the webhooks guide. */
export function exampleWebhookEvent(type: WebhookEventType) {
  if (type === "message.failed" || type === "external_calendar.failing" || type === "waitlist.offered" || type === "waitlist.booked")
    return exampleWorkspaceEvent(type);
  const booking = type === "booking.cancelled" ? { ...EXAMPLE_BOOKING, status: "cancelled" } : EXAMPLE_BOOKING;
  return {
    id: "1e4b7c2d-9f8a-4e6b-a3c5-d7e9f1a2b344",
    type,
    created_at: "2027-02-20T15:04:05.000Z",
    data:
      type === "booking.rescheduled"
        ? { booking, previous_starts_at: "2027-03-01T14:00:00-05:00" }
        : type === "booking.external_conflict"
          ? {
              booking,
              conflict: {
                external_calendar_id: "3a7d1e9c-2b4f-4c6a-8e0d-5f1b9c3a7e55",
                starts_at: "2027-03-02T09:30:00-05:00",
                ends_at: "2027-03-02T11:00:00-05:00",
              },
            }
          : { booking },
  };
}

function exampleWorkspaceEvent(type: WorkspaceEventType) {
  const head = { id: "6b2d9e41-7c3a-4f5e-9a1b-2c4d6e8f0a77", type, created_at: "2027-02-20T17:10:00.000Z" };
  if (type === "message.failed") {
    return {
      ...head,
      data: {
        message: {
          id: "d4c3b2a1-9e8f-4a7b-8c6d-5e4f3a2b1c00",
          booking_id: EXAMPLE_BOOKING.id,
          channel: "email",
          kind: "confirmation",
          recipient: "customer",
          status: "failed",
          attempts: 5,
          last_error: "Can't send mail - all recipients were rejected: 550 5.1.1 [email]: Recipient address rejected",
          created_at: "2027-02-20T15:04:05.000Z",
          sent_at: null,
        },
      },
    };
  }
  if (type === "waitlist.offered" || type === "waitlist.booked") {
    const isOffer = type === "waitlist.offered";
    return {
      ...head,
      data: {
        waitlist_entry: {
          id: "7c1e5a93-4d2b-4e8f-a6c0-9b3d5f7e1a88",
          service_id: EXAMPLE_BOOKING.service.id,
          staff_id: EXAMPLE_BOOKING.staff.id,
          starts_at: EXAMPLE_BOOKING.starts_at,
          status: isOffer ? "offered" : "booked",
          position: null,
          booking_id: EXAMPLE_BOOKING.id,
          offer_expires_at: isOffer ? "2027-02-20T17:40:00.000Z" : null,
          created_at: "2027-02-18T09:12:00.000Z",
        },
      },
    };
  }
  return {
    ...head,
    data: {
      external_calendar: {
        id: "3a7d1e9c-2b4f-4c6a-8e0d-5f1b9c3a7e55",
        staff_id: "c2a1f5a4-1c1d-4a67-9a3e-7b0d9e6f4d22",
        kind: "ics",
        display_url: "https://calendar.example.com/…/basic.ics",
        name: "Personal",
        status: "failing",
        last_synced_at: "2027-02-20T17:09:58.000Z",
        last_success_at: "2027-02-20T16:54:57.000Z",
        last_error: "The calendar answered 404.",
        busy_count: 12,
        write_back: false,
        created_at: "2027-01-05T09:00:00.000Z",
      },
    },
  };
}

/**
 * The OpenAPI 3.1 `webhooks` section: what we POST to an endpoint for each event, with its
 * headers, so a receiver can be generated and typed like a client.
 */
export function buildWebhooks(): Record<string, ZodOpenApiPathItemObject> {
  return Object.fromEntries(
    WEBHOOK_EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          operationId: `on${PAYLOAD_IDS[type]}`,
          summary: type,
          description:
            `${WHEN[type]} Delivered to every active endpoint subscribed to ${type}. Any 2xx is success; anything else (3xx included) fails the attempt, ` +
            "and an attempt is cut off after 10 seconds. 5 attempts in all, waiting 1 minute, 30 minutes, 2 hours and 6 hours between them; " +
            "3 deliveries in a row that exhaust their attempts deactivate the endpoint. The same delivery may arrive more than once: deduplicate on Booking-Delivery.",
          tags: ["Webhook events"],
          security: [],
          requestParams: { header: DELIVERY_HEADERS },
          requestBody: { required: true, content: { "application/json": { schema: PAYLOADS[type], example: exampleWebhookEvent(type) } } },
          responses: {
            "200": { description: "Any 2xx acknowledges the delivery; the body is ignored." },
            default: { description: "Anything else (3xx, 4xx, 5xx, a timeout) fails this attempt; it is retried on the schedule." },
          },
        },
      },
    ]),
  );
}
