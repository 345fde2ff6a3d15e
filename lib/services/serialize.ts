import { takesNewBookings } from "@/lib/availability/service-rules";
import type { ServiceRow, WorkspaceRow } from "@/lib/db/schema";
import { computePaymentAmountCents } from "./payment-amount";
import type { ServiceCustomer, ServiceFull, ServiceListItem } from "./schemas";

export function toServiceFull(row: ServiceRow): ServiceFull {
  return {
    id: row.id,
    name: row.name,
    duration_minutes: row.durationMinutes,
    buffer_before_minutes: row.bufferBeforeMinutes,
    buffer_after_minutes: row.bufferAfterMinutes,
    min_lead_minutes: row.minLeadMinutes,
    max_advance_days: row.maxAdvanceDays,
    min_cancel_notice_minutes: row.minCancelNoticeMinutes,
    active: row.active,
    price_cents: row.priceCents,
    description: row.description,
    payment_mode: row.paymentMode,
    deposit_amount_cents: row.depositAmountCents,
    deposit_percent: row.depositPercent,
    capacity: row.capacity,
    repeat_max: row.repeatMax,
    payment_amount_cents: computePaymentAmountCents(row),
  };
}

export function toServiceListItem(row: ServiceRow, staffIds: string[]): ServiceListItem {
  return { ...toServiceFull(row), category_id: row.categoryId, staff_ids: staffIds };
}

/** What a customer sees: no buffers, limits, activity or deposit terms. */
export function toServiceCustomer(row: ServiceRow, workspace: Pick<WorkspaceRow, "stripeAccountId">): ServiceCustomer {
  return {
    id: row.id,
    name: row.name,
    duration_minutes: row.durationMinutes,
    price_cents: row.priceCents,
    description: row.description,
    payment_mode: row.paymentMode,
    payment_amount_cents: computePaymentAmountCents(row),
    category_id: row.categoryId,
    capacity: row.capacity,
    repeat_max: row.repeatMax,
    max_advance_days: row.maxAdvanceDays,
    min_cancel_notice_minutes: row.minCancelNoticeMinutes,
    bookable: takesNewBookings(row, workspace),
  };
}
