import type { ServiceRow } from "@/lib/db/schema";
import { computePaymentAmountCents } from "@/lib/services/payment-amount";
import type { ServiceRules } from "./engine";

export function toServiceRules(service: ServiceRow): ServiceRules {
  return {
    durationMinutes: service.durationMinutes,
    bufferBeforeMinutes: service.bufferBeforeMinutes,
    bufferAfterMinutes: service.bufferAfterMinutes,
    minLeadMinutes: service.minLeadMinutes,
    maxAdvanceDays: service.maxAdvanceDays,
  };
}

/**
 * An inactive service offers nothing, and so does a paid service whose amount cannot be
 * computed (spec: "such a service cannot be booked").
 */
export function isServiceBookable(service: ServiceRow): boolean {
  if (!service.active) return false;
  return service.paymentMode === "none" || computePaymentAmountCents(service) !== null;
}
