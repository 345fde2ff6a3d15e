import { z } from "zod";
import { PAYMENT_STATUSES } from "@/lib/db/schema/payments";
import { DateTimeOutput } from "@/lib/schemas";

export const PaymentStatus = z.enum(PAYMENT_STATUSES).meta({
  description:
    "initializing: no payment set up yet (the processor could not be reached); requires_payment: the only status with a client_secret; " +
    "processing: the customer has paid; succeeded (a disputed payment stays here); refund_pending; partially_refunded; refunded; canceled. " +
    "Statuses only move forward, except that a failed refund returns to the status before it.",
});

/** On the create response only, when the service takes a payment and the processor answered. */
export const BookingPaymentIntent = z
  .object({
    client_secret: z.string().meta({ description: "Single use, for this booking only." }),
    amount_cents: z.number().int().meta({ description: "Snapshot at booking time; later price changes never alter it." }),
    currency: z.string().meta({ example: "usd" }),
    connected_account_id: z.string().meta({
      description: "The business's account at the payment processor: pass it as stripeAccount when constructing Stripe.js.",
    }),
  })
  .meta({ id: "BookingPaymentIntent" });
export type BookingPaymentIntent = z.infer<typeof BookingPaymentIntent>;

/** The customer's view of the payment in the public booking read. */
export const BookingPaymentState = z
  .object({
    status: PaymentStatus,
    amount_cents: z.number().int(),
    currency: z.string(),
    amount_refunded_cents: z.number().int(),
    refund_policy: z.string().meta({ description: "The business's text, verbatim; empty when it has none." }),
    client_secret: z.string().optional().meta({ description: "Present only while status is requires_payment." }),
    connected_account_id: z.string().optional().meta({ description: "Present only while status is requires_payment." }),
    payment_unavailable: z
      .literal(true)
      .optional()
      .meta({
        description:
          "Present (true) when the payment could be resumed but the processor could not be reached: try again shortly; the slot is still held. " +
          "Reading the booking again also retries setting up a payment that is still initializing.",
      }),
    hold_expires_at: DateTimeOutput.optional().meta({ description: "Present while the payment is unsettled and the booking is on its card hold." }),
  })
  .meta({ id: "BookingPaymentState" });
export type BookingPaymentState = z.infer<typeof BookingPaymentState>;
