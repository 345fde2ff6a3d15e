import { eq } from "drizzle-orm";
import { z } from "zod";
import { bookings, payments } from "@/lib/db/schema";
import { conflict, notFound } from "@/lib/errors";
import { ProcessorRefusedError } from "./processor";
import { settleTestIntent } from "./test-processor";
import { syncPayment, type PaymentContext } from "./sync-payment";

const Params = z.object({ bookingId: z.uuid(), outcome: z.enum(["succeed", "fail"]) });

export type TestPaymentSettled = {
  booking_id: string;
  booking_status: string;
  payment: { status: string; amount_cents: number; amount_refunded_cents: number; currency: string };
};

/**
 * Dev tools (docs/decisions.md#dev-tools): what the customer's card would do to a test-mode payment.
 * `succeed` pays it, then it is applied exactly like a Stripe event (the booking confirms,
 * or a late payment is refunded); `fail` declines the card, which leaves the intent open for
 * another attempt (as Stripe does), so the payment stays `requires_payment` until the hold
 * lapses. An unknown booking, a booking without a payment, a Stripe payment or an unknown
 * outcome: 404. A payment that can no longer be paid: 409 conflict.
 */
export async function settleTestPayment(ctx: PaymentContext, raw: { bookingId: string; outcome: string }): Promise<TestPaymentSettled> {
  const parsed = Params.safeParse(raw);
  if (!parsed.success) throw notFound("test-mode payment");
  const { bookingId, outcome } = parsed.data;
  const [found] = await ctx.db.select().from(payments).where(eq(payments.bookingId, bookingId));
  if (!found || found.processor !== "test") throw notFound("test-mode payment");

  // An intent that could not be created yet is created now (while the hold is alive).
  const payment = found.intentId ? found : (await syncPayment(ctx, found)).payment;
  if (!payment.intentId) throw conflict("This payment can no longer be paid: its hold is over.");
  try {
    await settleTestIntent(ctx.db, { connectedAccountId: payment.connectedAccountId, intentId: payment.intentId }, outcome);
  } catch (error) {
    if (error instanceof ProcessorRefusedError) throw conflict(error.message);
    throw error;
  }
  const settled = (await syncPayment(ctx, payment)).payment;
  const [booking] = await ctx.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, bookingId));
  return {
    booking_id: bookingId,
    booking_status: booking!.status,
    payment: { status: settled.status, amount_cents: settled.amountCents, amount_refunded_cents: settled.amountRefundedCents, currency: settled.currency },
  };
}
