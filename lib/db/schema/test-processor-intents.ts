import { integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { timestamps } from "./columns";

export type TestProcessorRefund = { id: string; status: "pending" | "succeeded" | "failed" | "canceled"; amountCents: number; idempotencyKey: string };

/**
 * The embedded test-mode payment processor's own state (docs/decisions.md#settings): what Stripe would
 * hold for a connected account, kept in the database so every instance sees the same intents
 * and the dev tools can settle or fail them. Never used when Stripe keys are configured.
 */
export const testProcessorIntents = pgTable("test_processor_intents", {
  id: text().primaryKey(),
  connectedAccountId: text().notNull(),
  /** `pi-create:<bookingId>`: a repeated create returns this intent, as Stripe's idempotency does. */
  idempotencyKey: text().notNull().unique(),
  amountCents: integer().notNull(),
  currency: text().notNull(),
  /** A Stripe PaymentIntent status. */
  status: text().notNull(),
  clientSecret: text().notNull(),
  lastPaymentError: text(),
  refunds: jsonb().$type<TestProcessorRefund[]>().notNull().default([]),
  ...timestamps,
});

export type TestProcessorIntentRow = typeof testProcessorIntents.$inferSelect;
