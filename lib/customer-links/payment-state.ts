import type { BookingRow, PaymentRow, WorkspaceRow } from "@/lib/db/schema";
import { isLiveHold } from "@/lib/bookings/holds";
import type { BookingPaymentState } from "@/lib/payments/schemas";
import { UNSETTLED_STATUSES } from "@/lib/payments/payment-status";
import { toUtcIso } from "@/lib/time/zoned";

/**
 * The customer's view of a booking's payment (spec: BookingPaymentState). The client secret
 * and connected account appear only while the customer can pay (`requires_payment`); the
 * hold's expiry while the payment is unsettled and the card hold is alive.
 */
export function toBookingPaymentState(input: {
  payment: PaymentRow;
  booking: Pick<BookingRow, "status" | "holdExpiresAt">;
  workspace: Pick<WorkspaceRow, "refundPolicy">;
  now: Date;
}): BookingPaymentState {
  const { payment, booking } = input;
  const state: BookingPaymentState = {
    status: payment.status,
    amount_cents: payment.amountCents,
    currency: payment.currency,
    amount_refunded_cents: payment.amountRefundedCents,
    refund_policy: input.workspace.refundPolicy ?? "",
  };
  if (payment.status === "requires_payment" && payment.clientSecret) {
    state.client_secret = payment.clientSecret;
    state.connected_account_id = payment.connectedAccountId;
  }
  if (UNSETTLED_STATUSES.includes(payment.status) && isLiveHold(booking, input.now)) {
    state.hold_expires_at = toUtcIso(booking.holdExpiresAt!);
  }
  return state;
}
