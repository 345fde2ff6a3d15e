import { Inngest, eventType, staticSchema } from "inngest";
import { z } from "zod";
import { getConfig } from "@/lib/config";

/**
 * The Inngest client. Keys, dev mode and base URL come from the standard INNGEST_* variables
 * (DECISIONS §1); when none is set, Inngest is off and the in-process runner does the work.
 */
export const inngest = new Inngest({ id: "booking-platform" });

export function isInngestEnabled(): boolean {
  return getConfig().inngest.enabled;
}

/** A new webhook delivery row was committed; its event id is the delivery id. */
export const webhookDeliveryRequested = eventType("webhook/delivery.requested", {
  schema: staticSchema<{ deliveryId: string; endpointId: string }>(),
});

/** A hold was committed; the hold-expiry function sleeps until holdExpiresAt (ISO, UTC). */
export const bookingHoldPlaced = eventType("booking/hold.placed", {
  schema: staticSchema<{ bookingId: string; holdExpiresAt: string }>(),
});

/** A hold ended (confirmed, cancelled, expired); cancels the sleeping hold-expiry run. */
export const bookingHoldSettled = eventType("booking/hold.settled", {
  schema: staticSchema<{ bookingId: string }>(),
});

/**
 * A booking's time changed as a calendar sees it: confirmed (startsAt set), moved (a new
 * startsAt) or cancelled (startsAt null). `sequence` is the booking's own counter, so a run
 * planned for an older sequence is cancelled by any newer event.
 */
export const BookingScheduleChangedData = z.object({
  bookingId: z.uuid(),
  startsAt: z.iso.datetime({ offset: true }).nullable(),
  sequence: z.number().int().min(0),
});
export const bookingScheduleChanged = eventType("booking/schedule.changed", { schema: BookingScheduleChangedData });
