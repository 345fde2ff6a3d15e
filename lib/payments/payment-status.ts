import type { PaymentStatus } from "@/lib/db/schema/payments";

/**
 * The payment status machine (docs/decisions.md#payments), pure. The processor's objects
 * are observed (re-fetched, since events arrive out of order and twice) and mapped to our
 * status; an observation only ever moves the status forward. The one way back is a refund
 * that failed or was cancelled: the payment returns to the status it had before the refund.
 */

/** PaymentIntent statuses as Stripe names them (the test processor uses the same names). */
export type IntentStatus =
  "requires_payment_method" | "requires_confirmation" | "requires_action" | "processing" | "requires_capture" | "succeeded" | "canceled";

export type RefundStatus = "pending" | "requires_action" | "succeeded" | "failed" | "canceled";

export type ObservedRefund = { status: RefundStatus; amountCents: number };

/** Statuses from which money has been taken: where refunds apply. */
export const PAID_STATUSES: readonly PaymentStatus[] = ["succeeded", "refund_pending", "partially_refunded", "refunded"];

/** Statuses in which the customer can still pay (or the intent is still to be created). */
export const UNSETTLED_STATUSES: readonly PaymentStatus[] = ["initializing", "requires_payment"];

/** The allowed forward moves; anything else is ignored as stale. */
const FORWARD: Record<PaymentStatus, readonly PaymentStatus[]> = {
  initializing: ["requires_payment", "processing", "succeeded", "canceled"],
  requires_payment: ["processing", "succeeded", "canceled"],
  // Card payments leave `processing` quickly; Stripe may cancel one there only rarely.
  processing: ["succeeded", "canceled"],
  succeeded: ["refund_pending", "partially_refunded", "refunded"],
  refund_pending: ["partially_refunded", "refunded"],
  partially_refunded: ["refund_pending", "refunded"],
  refunded: [],
  canceled: [],
};

export function canMoveTo(from: PaymentStatus, to: PaymentStatus): boolean {
  return FORWARD[from].includes(to);
}

/** The payment status a PaymentIntent status stands for. */
export function statusOfIntent(intent: IntentStatus): PaymentStatus {
  switch (intent) {
    case "requires_payment_method":
    case "requires_confirmation":
    case "requires_action":
      return "requires_payment";
    // Automatic capture never parks an intent in requires_capture; were it to, the money is authorised.
    case "processing":
    case "requires_capture":
      return "processing";
    case "succeeded":
      return "succeeded";
    case "canceled":
      return "canceled";
  }
}

/** The status after observing the PaymentIntent: forward, or unchanged when the observation is stale. */
export function nextStatusFromIntent(current: PaymentStatus, intent: IntentStatus): PaymentStatus {
  const observed = statusOfIntent(intent);
  return canMoveTo(current, observed) ? observed : current;
}

export type RefundOutcome = {
  status: PaymentStatus;
  amountRefundedCents: number;
  /** The status a failed refund would return to (kept while a refund is pending). */
  statusBeforeRefund: PaymentStatus | null;
  /** True when a pending refund ended without money going back: the caller raises an alert. */
  isRefundFailure: boolean;
};

/**
 * The status after observing every refund of a paid payment. The refund list is the
 * processor's current truth, so the result does not depend on the order events arrive in:
 * a pending refund → refund_pending; otherwise the succeeded sum decides between refunded,
 * partially_refunded and the status before the refund (a failed or cancelled refund).
 */
export function nextStatusFromRefunds(
  payment: { status: PaymentStatus; statusBeforeRefund: PaymentStatus | null; amountCents: number; amountRefundedCents: number },
  refunds: readonly ObservedRefund[],
): RefundOutcome {
  const unchanged: RefundOutcome = {
    status: payment.status,
    amountRefundedCents: payment.amountRefundedCents,
    statusBeforeRefund: payment.statusBeforeRefund,
    isRefundFailure: false,
  };
  if (!PAID_STATUSES.includes(payment.status)) return unchanged;

  const refundedCents = refunds.filter((r) => r.status === "succeeded").reduce((sum, r) => sum + r.amountCents, 0);
  const isPending = refunds.some((r) => r.status === "pending" || r.status === "requires_action");
  const settled: PaymentStatus = refundedCents >= payment.amountCents ? "refunded" : refundedCents > 0 ? "partially_refunded" : "succeeded";

  if (refundedCents < payment.amountRefundedCents) {
    // A refund that had succeeded failed afterwards (the card could not take it): money is back with the business.
    return {
      status: isPending ? "refund_pending" : settled,
      amountRefundedCents: refundedCents,
      statusBeforeRefund: isPending ? settled : null,
      isRefundFailure: true,
    };
  }
  if (isPending) {
    if (payment.status === "refund_pending") return { ...unchanged, amountRefundedCents: refundedCents };
    if (!canMoveTo(payment.status, "refund_pending")) return unchanged;
    return { status: "refund_pending", amountRefundedCents: refundedCents, statusBeforeRefund: payment.status, isRefundFailure: false };
  }
  if (payment.status === "refund_pending") {
    if (refundedCents > payment.amountRefundedCents) {
      return { status: settled, amountRefundedCents: refundedCents, statusBeforeRefund: null, isRefundFailure: false };
    }
    // Nothing more came back: the refund failed or was cancelled.
    return { status: payment.statusBeforeRefund ?? settled, amountRefundedCents: refundedCents, statusBeforeRefund: null, isRefundFailure: true };
  }
  if (settled !== payment.status && canMoveTo(payment.status, settled)) {
    return { status: settled, amountRefundedCents: refundedCents, statusBeforeRefund: null, isRefundFailure: false };
  }
  return unchanged;
}
