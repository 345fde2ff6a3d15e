import { z } from "zod";

/**
 * The events background jobs start on (or are cancelled by). Payloads carry ids only; each
 * driver parses them with these schemas before a handler sees them, never trusting the sender.
 */
export type JobEvent<S extends z.ZodObject = z.ZodObject> = { name: string; schema: S };

function defineEvent<S extends z.ZodObject>(name: string, schema: S): JobEvent<S> {
  return { name, schema };
}

/** A new webhook delivery row was committed; its event id is the delivery id. */
export const webhookDeliveryRequested = defineEvent("webhook/delivery.requested", z.object({ deliveryId: z.uuid(), endpointId: z.uuid() }));

/** A hold was committed; the hold-expiry job sleeps until holdExpiresAt (ISO, UTC). */
export const bookingHoldPlaced = defineEvent("booking/hold.placed", z.object({ bookingId: z.uuid(), holdExpiresAt: z.iso.datetime() }));

/** A hold ended (confirmed, cancelled); cancels the sleeping hold-expiry run. */
export const bookingHoldSettled = defineEvent("booking/hold.settled", z.object({ bookingId: z.uuid() }));

/** A seat of a group session was given back; the waitlist job offers it to the next in line (docs/series-and-waitlists.md). */
export const waitlistSeatFreed = defineEvent(
  "waitlist/seat.freed",
  z.object({ workspaceId: z.uuid(), serviceId: z.uuid(), staffId: z.uuid(), startsAt: z.iso.datetime() }),
);

/**
 * A booking's time changed as a calendar sees it: confirmed (startsAt set), moved (a new
 * startsAt) or cancelled (startsAt null). `sequence` is the booking's own counter, so a run
 * planned for an older sequence is cancelled by any newer event.
 */
export const bookingScheduleChanged = defineEvent(
  "booking/schedule.changed",
  z.object({ bookingId: z.uuid(), startsAt: z.iso.datetime({ offset: true }).nullable(), sequence: z.number().int().min(0) }),
);
