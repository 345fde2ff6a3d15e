import type { BookingSummary } from "@/lib/booking-pages/embed-protocol";
import type { Bootstrap } from "@/lib/booking-pages/types";
import type { ZoneNames } from "@/lib/booking-pages/zone-cities";

/** What the hosting page (the embed bridge) hears about the customer's progress. */
export type FlowEvent =
  | { type: "slot_selected"; data: { starts_at: string } }
  | { type: "booking_submitted"; data: BookingSummary }
  | { type: "booking_confirmed"; data: BookingSummary };

export type FlowProps = {
  bootstrap: Bootstrap;
  locale: string;
  /** The server clock at render time (ISO), so countdowns match the server's holds. */
  serverNow: string;
  /** The platform's Stripe publishable key; null when payments run on the test-mode processor. */
  stripePublishableKey: string | null;
  /** Test-mode payments can be settled through the dev tools. */
  devTools: boolean;
  /** The cities of the zones the page shows, named by the server in the page's language (lib/booking-pages/zone-names.ts). */
  zoneNames: ZoneNames;
  embedded?: boolean;
  onEvent?: (event: FlowEvent) => void;
  /** The page's query string at render (hosted page only): each step is a URL state. */
  initialSearch?: string;
};

import type { FlowLocation, SavedHold, Step } from "@/lib/booking-pages/flow-location";

export type { Step };

/** The steps that stand on a hold (its code, its payment, its confirmation): never entered without one. */
export const HELD_STEPS = new Set<Step>(["verify", "payment", "done"]);

/** The step a hold is on (code, pay or done), at the hold's own service, day and time. */
export function locationForHold(base: FlowLocation, hold: SavedHold): FlowLocation {
  const step: Step = hold.status === "pending" ? "verify" : hold.status === "awaiting_payment" ? "payment" : "done";
  return { ...base, step, serviceId: hold.serviceId, time: hold.startsAt, staffId: base.staffId };
}
