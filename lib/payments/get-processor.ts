import { getConfig } from "@/lib/config";
import type { Queryable } from "@/lib/db/client";
import type { PaymentProcessor, ProcessorKind } from "./processor";
import { createStripeProcessor } from "./stripe-processor";
import { createTestProcessor } from "./test-processor";

/**
 * Which processor takes new payments: Stripe when STRIPE_SECRET_KEY is set; otherwise the
 * test-mode processor while dev tools are on (the embedded default, docs/decisions.md#settings); otherwise
 * none, and a paid service cannot be booked. A payment keeps the processor it started with.
 */
export function processorKindForNewPayments(): ProcessorKind | null {
  const config = getConfig();
  if (config.stripe) return "stripe";
  return config.devTools ? "test" : null;
}

export function getPaymentProcessor(kind: ProcessorKind, db: Queryable): PaymentProcessor {
  return kind === "stripe" ? createStripeProcessor() : createTestProcessor(db);
}
