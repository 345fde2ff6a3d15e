"use client";

import { ZoneNamesProvider } from "@/components/booking/zone-names";
import type { FlowProps } from "./flow-types";
import { FlowSteps } from "./flow-steps";
import { useCustomerZone } from "./use-customer-zone";

/**
 * The customer's booking flow, used by /book/{slug} and the /embed/{slug} frame. It talks to
 * the public API with the workspace's pk_ key only. The screen after "book" is decided by the
 * status the API returns (never by require_verification). On the hosted page every step is a
 * URL state (Back, Forward and reload work); a hold made in this tab is kept in
 * sessionStorage and resumed after a reload, or given back when the customer steps back. A
 * booking this tab confirmed is kept too: Forward (or its time chosen again) shows its
 * confirmation, never books it twice (see docs/booking-flow.md).
 */
export function BookingFlow({ zoneNames, ...props }: FlowProps) {
  // The customer's zone arrives after hydration, with its city in the page's language.
  const customer = useCustomerZone(zoneNames);
  return (
    <ZoneNamesProvider names={customer.zoneNames}>
      <FlowSteps {...props} customerZone={customer.customerZone} />
    </ZoneNamesProvider>
  );
}
