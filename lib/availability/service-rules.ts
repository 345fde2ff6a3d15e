import type { ServiceRow, WorkspaceRow } from "@/lib/db/schema";
import { paymentRefusal } from "@/lib/payments/payment-possible";
import { computePaymentAmountCents } from "@/lib/services/payment-amount";
import type { ServiceRules } from "./engine";

export function toServiceRules(service: ServiceRow): ServiceRules {
  return {
    durationMinutes: service.durationMinutes,
    bufferBeforeMinutes: service.bufferBeforeMinutes,
    bufferAfterMinutes: service.bufferAfterMinutes,
    minLeadMinutes: service.minLeadMinutes,
    maxAdvanceDays: service.maxAdvanceDays,
    ...(isGroupService(service) ? { capacity: service.capacity } : {}),
  };
}

/** A service of capacity above 1 (a class, a workshop, a tour): its bookings at one start on one calendar share a session (docs/group-sessions.md). */
export function isGroupService(service: Pick<ServiceRow, "capacity">): boolean {
  return service.capacity > 1;
}

/**
 * An inactive service offers nothing, and so does a paid service whose amount cannot be
 * computed (spec: "such a service cannot be booked").
 */
export function isServiceBookable(service: ServiceRow): boolean {
  if (!service.active) return false;
  return service.paymentMode === "none" || computePaymentAmountCents(service) !== null;
}

/**
 * Whether a customer can make a NEW booking of this service: bookable, and its payment (if
 * any) one this workspace can take. Moving an existing booking asks only isServiceBookable:
 * it takes no new payment.
 */
export function takesNewBookings(service: ServiceRow, workspace: Pick<WorkspaceRow, "stripeAccountId">): boolean {
  return isServiceBookable(service) && paymentRefusal(workspace, service) === null;
}
