import { randomUUID } from "node:crypto";
import { and, arrayContains, eq } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { afterCommit } from "@/lib/db/transaction";
import { loadAnswersOf } from "@/lib/booking-details/answers";
import { loadBookingDetails, type KnownBookingDetails } from "@/lib/booking-details/load-booking-details";
import { webhookDeliveries, webhookEndpoints } from "@/lib/db/schema";
import { toUtcIso, toZonedIso } from "@/lib/time/zoned";
import type { WebhookEventPayload } from "./schemas";

import type { BookingEventType } from "./event-types";

export { WEBHOOK_EVENT_TYPES, type WebhookEventType } from "./event-types";

export type RecordBookingEventInput = {
  workspaceId: string;
  type: BookingEventType;
  bookingId: string;
  /** Required for booking.rescheduled: where the booking was before the move. */
  previousStartsAt?: Date;
  /** Required for booking.external_conflict: the external busy interval that landed on the booking. */
  conflict?: { externalCalendarId: string; startsAt: Date; endsAt: Date };
  /** What the caller holds of the booking's details (a create): then only its calendar is read. */
  known?: KnownBookingDetails;
  now: Date;
};

/** The payload exactly as the spec's "Payload shape" (declared once, in ./schemas). */
export type BookingEventPayload = WebhookEventPayload;

/**
 * The transactional outbox for webhooks: call it inside the transaction that changes the
 * booking. It writes one pending delivery per active endpoint subscribed to `type`, due now;
 * each is announced to the background driver (Inngest or the in-process runner) after commit.
 */
export async function recordBookingEvent(tx: Queryable, input: RecordBookingEventInput): Promise<void> {
  if (input.type === "booking.rescheduled" && !input.previousStartsAt) {
    throw new Error("booking.rescheduled needs previousStartsAt");
  }
  if (input.type === "booking.external_conflict" && !input.conflict) throw new Error("booking.external_conflict needs conflict");
  const endpoints = await tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.workspaceId, input.workspaceId), eq(webhookEndpoints.active, true), arrayContains(webhookEndpoints.events, [input.type])));
  if (endpoints.length === 0) return;

  const scope = { bookingId: input.bookingId, workspaceId: input.workspaceId };
  const [row, answers] = await Promise.all([loadBookingDetails(tx, scope, input.known), input.known?.answers ?? loadAnswersOf(tx, input.bookingId)]);
  if (!row) throw new Error(`recordBookingEvent: booking ${input.bookingId} not in workspace ${input.workspaceId}`);

  const booking: BookingEventPayload["data"]["booking"] = {
    id: row.booking.id,
    status: row.booking.status,
    starts_at: toZonedIso(row.booking.startsAt, row.workspace.timezone),
    ends_at: toZonedIso(row.booking.endsAt, row.workspace.timezone),
    service: { id: row.service.id, name: row.service.name },
    staff: { id: row.staff.id, name: row.staff.name },
    customer: { id: row.customer.id, name: row.customer.name, email: row.customer.email, phone: row.customer.phone ?? "" },
    created_via: row.booking.createdVia,
    rescheduled_from_id: row.booking.rescheduledFromId ?? null,
    answers,
  };

  const values = endpoints.map((endpoint) => {
    const id = randomUUID();
    const payload: BookingEventPayload = {
      id,
      type: input.type,
      created_at: toUtcIso(input.now),
      data: eventData(input, booking, row.workspace.timezone),
    };
    return {
      id,
      workspaceId: input.workspaceId,
      endpointId: endpoint.id,
      eventType: input.type,
      payload,
      status: "pending" as const,
      nextRetryAt: input.now,
      createdAt: input.now,
    };
  });
  await tx.insert(webhookDeliveries).values(values);
  for (const value of values) await afterCommit(tx, { type: "webhook.delivery", deliveryId: value.id, endpointId: value.endpointId });
}

/** data: the booking, and where it was (booking.rescheduled) or what landed on it (booking.external_conflict). */
function eventData(input: RecordBookingEventInput, booking: BookingEventPayload["data"]["booking"], timezone: string): BookingEventPayload["data"] {
  if (input.type === "booking.rescheduled" && input.previousStartsAt) return { booking, previous_starts_at: toZonedIso(input.previousStartsAt, timezone) };
  if (input.type === "booking.external_conflict" && input.conflict) {
    const { externalCalendarId, startsAt, endsAt } = input.conflict;
    return {
      booking,
      conflict: { external_calendar_id: externalCalendarId, starts_at: toZonedIso(startsAt, timezone), ends_at: toZonedIso(endsAt, timezone) },
    };
  }
  return { booking };
}
