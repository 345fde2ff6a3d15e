import type { z } from "zod";
import { toUtcIso } from "@/lib/time/zoned";
import type { AfterCommitEffect } from "@/lib/db/after-commit-effects";
import { bookingHoldPlaced, bookingHoldSettled, bookingScheduleChanged, waitlistSeatFreed, webhookDeliveryRequested, type JobEvent } from "./events";
import { inngest } from "./inngest-client";
import { logError } from "@/lib/log/logger";

/**
 * Committed effects as Inngest events. Hold events go one per send; a transaction's new
 * deliveries go together, each with the delivery id as its event id (so a resend by
 * another instance is absorbed by Inngest's deduplication). Queued messages need no event:
 * the cron backstop sends the outbox. A failed send is logged, never thrown at the caller.
 */
export async function sendEffectsToInngest(effects: AfterCommitEffect[]): Promise<void> {
  for (const effect of effects) {
    if (effect.type === "hold.placed") {
      const data = { bookingId: effect.bookingId, holdExpiresAt: toUtcIso(effect.holdExpiresAt) };
      await send(() => inngest.send(toEvent(bookingHoldPlaced, data, `hold-placed:${data.bookingId}:${data.holdExpiresAt}`)), HOLD_LOST);
    } else if (effect.type === "hold.settled") {
      await send(() => inngest.send(toEvent(bookingHoldSettled, { bookingId: effect.bookingId })), HOLD_LOST);
    } else if (effect.type === "schedule.changed") {
      const data = { bookingId: effect.bookingId, startsAt: effect.startsAt && toUtcIso(effect.startsAt), sequence: effect.sequence };
      const id = `booking-schedule:${data.bookingId}:${data.sequence}:${data.startsAt ?? "off"}`;
      await send(() => inngest.send(toEvent(bookingScheduleChanged, data, id)), "inngest: booking schedule event not sent; the reminder sweep covers it");
    } else if (effect.type === "seat.freed") {
      const data = { workspaceId: effect.workspaceId, serviceId: effect.serviceId, staffId: effect.staffId, startsAt: toUtcIso(effect.startsAt) };
      await send(() => inngest.send(toEvent(waitlistSeatFreed, data)), "inngest: seat freed event not sent; the waitlist sweep covers it");
    }
  }
  const deliveries = effects.flatMap((effect) => (effect.type === "webhook.delivery" ? [effect] : []));
  if (deliveries.length === 0) return;
  const events = deliveries.map((delivery) =>
    toEvent(webhookDeliveryRequested, { deliveryId: delivery.deliveryId, endpointId: delivery.endpointId }, delivery.deliveryId),
  );
  await send(() => inngest.send(events), "inngest: webhook delivery events not sent; the cron backstop sends them");
}

/** An event for a job trigger; `id` makes Inngest drop a repeat. */
function toEvent<E extends JobEvent>(event: E, data: z.input<E["schema"]>, id?: string) {
  return { name: event.name, data, ...(id !== undefined && { id }) };
}

const HOLD_LOST = "inngest: hold event not sent; the hold-expiry sweep covers it";

async function send(deliver: () => Promise<unknown>, lostMessage: string): Promise<void> {
  try {
    await deliver();
  } catch (error) {
    logError(lostMessage, error);
  }
}
