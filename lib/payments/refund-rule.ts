/**
 * docs/decisions.md#bookings, the refund rule, pure so that the manage page states exactly what the cancel
 * will do: cancelling a paid booking refunds everything not refunded yet. A payment holds
 * money the customer can get back from `processing` (refunded once it succeeds) until it is
 * fully refunded; before that (`initializing`, `requires_payment`) nothing was taken, and a
 * `canceled` payment never took anything.
 */
export const REFUNDABLE_STATUSES = ["processing", "succeeded", "partially_refunded", "refund_pending"] as const;

export type RefundablePayment = { status: string; amount_cents: number; amount_refunded_cents: number };

/** What a cancel made now gives back, in the payment's smallest currency unit (0: nothing was paid). */
export function refundOnCancelCents(payment: RefundablePayment): number {
  if (!(REFUNDABLE_STATUSES as readonly string[]).includes(payment.status)) return 0;
  return Math.max(0, payment.amount_cents - payment.amount_refunded_cents);
}

const TAKEN_STATUSES: readonly string[] = [...REFUNDABLE_STATUSES, "refunded"];

/** What the customer paid at booking (refunds are told apart); 0 while nothing was taken. */
export function paidCents(payment: RefundablePayment): number {
  return TAKEN_STATUSES.includes(payment.status) ? payment.amount_cents : 0;
}
