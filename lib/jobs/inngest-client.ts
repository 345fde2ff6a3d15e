import { Inngest, eventType, staticSchema } from "inngest";
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
