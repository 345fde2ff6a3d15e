import type { services } from "@/lib/db/schema";
import { checkPaymentRules } from "./payment-rules";
import { DEFAULT_MAX_ADVANCE_DAYS, type ServiceBody } from "./schemas";

export type ServiceValues = Omit<typeof services.$inferInsert, "id" | "workspaceId" | "active" | "categoryId" | "createdAt" | "updatedAt">;

/**
 * The columns a create or full replace writes: every writable field, an omitted one at its
 * zero value (0 or null), max_advance_days 0 stored as 60. Checks the payment rules first.
 */
export function toServiceValues(input: ServiceBody): ServiceValues {
  checkPaymentRules(input);
  return {
    name: input.name,
    durationMinutes: input.duration_minutes,
    bufferBeforeMinutes: input.buffer_before_minutes ?? 0,
    bufferAfterMinutes: input.buffer_after_minutes ?? 0,
    minLeadMinutes: input.min_lead_minutes ?? 0,
    maxAdvanceDays: input.max_advance_days || DEFAULT_MAX_ADVANCE_DAYS,
    minCancelNoticeMinutes: input.min_cancel_notice_minutes ?? 0,
    priceCents: input.price_cents ?? null,
    description: input.description ?? null,
    paymentMode: input.payment_mode,
    depositAmountCents: input.deposit_amount_cents ?? null,
    depositPercent: input.deposit_percent ?? null,
    capacity: input.capacity ?? 1,
    repeatMax: input.repeat_max ?? 0,
  };
}
