import type { PaymentRow } from "@/lib/db/schema";
import type { BookingPaymentIntent } from "./schemas";

/**
 * The create response's `payment` block: only while the customer can pay (an intent exists
 * and awaits a card); otherwise absent, never null or partial.
 */
export function toBookingPaymentIntent(payment: PaymentRow): BookingPaymentIntent | undefined {
  if (payment.status !== "requires_payment" || !payment.clientSecret) return undefined;
  return {
    client_secret: payment.clientSecret,
    amount_cents: payment.amountCents,
    currency: payment.currency,
    connected_account_id: payment.connectedAccountId,
  };
}
