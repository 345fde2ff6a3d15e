import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { testProcessorIntents, type TestProcessorIntentRow } from "@/lib/db/schema";
import type { IntentStatus } from "./payment-status";
import { idempotencyKeys, ProcessorRefusedError, type PaymentProcessor, type ProcessorIntent, type ProcessorRefund } from "./processor";

/** Intents the customer can still act on; only these can be cancelled, settled or failed. */
const OPEN_INTENT_STATUSES: readonly string[] = ["requires_payment_method", "requires_confirmation", "requires_action"];

/**
 * The embedded test-mode processor (docs/decisions.md#settings): Stripe's semantics for the calls we make,
 * kept in the database. Its intents are settled or failed by the dev tools (POST
 * /dev/payments/{bookingId}/succeed|fail) instead of a card form; its refunds succeed at once.
 */
export function createTestProcessor(db: Queryable): PaymentProcessor {
  return {
    kind: "test",
    async createIntent(input) {
      const key = idempotencyKeys.createIntent(input.bookingId);
      const id = `pi_test_${randomBytes(12).toString("hex")}`;
      await db
        .insert(testProcessorIntents)
        .values({
          id,
          connectedAccountId: input.connectedAccountId,
          idempotencyKey: key,
          amountCents: input.amountCents,
          currency: input.currency,
          status: "requires_payment_method",
          clientSecret: `${id}_secret_${randomBytes(12).toString("hex")}`,
        })
        .onConflictDoNothing({ target: testProcessorIntents.idempotencyKey });
      const [row] = await db.select().from(testProcessorIntents).where(eq(testProcessorIntents.idempotencyKey, key));
      return toIntent(row!);
    },
    async retrieveIntent(ref) {
      return toIntent(await findIntent(db, ref));
    },
    async cancelIntent(ref) {
      const row = await findIntent(db, ref);
      if (row.status === "canceled") return toIntent(row);
      if (!OPEN_INTENT_STATUSES.includes(row.status)) {
        throw new ProcessorRefusedError(`You cannot cancel this PaymentIntent because it has a status of ${row.status}.`, "payment_intent_unexpected_state");
      }
      return toIntent(await updateIntent(db, row.id, { status: "canceled" }));
    },
    async createRefund(input) {
      const row = await findIntent(db, input);
      const key = idempotencyKeys.refund(input.paymentId, input.attempt);
      const existing = row.refunds.find((refund) => refund.idempotencyKey === key);
      if (existing) return toRefund(existing);
      if (row.status !== "succeeded") throw new ProcessorRefusedError("This PaymentIntent has no successful charge to refund.", "charge_not_refundable");
      const taken = row.refunds.filter((r) => r.status === "pending" || r.status === "succeeded").reduce((sum, r) => sum + r.amountCents, 0);
      if (input.amountCents <= 0 || taken + input.amountCents > row.amountCents) {
        throw new ProcessorRefusedError("Refund amount is greater than the unrefunded amount.", "charge_already_refunded");
      }
      const refund = { id: `re_test_${randomBytes(12).toString("hex")}`, status: "succeeded" as const, amountCents: input.amountCents, idempotencyKey: key };
      await updateIntent(db, row.id, { refunds: [...row.refunds, refund] });
      return toRefund(refund);
    },
    async listRefunds(ref) {
      return (await findIntent(db, ref)).refunds.map(toRefund);
    },
  };
}

/**
 * The dev tools' stand-in for the customer's card: `succeed` pays an open intent, `fail`
 * declines it (the intent stays open for another card, as Stripe leaves it after
 * payment_intent.payment_failed). Answers the intent as it now is.
 */
export async function settleTestIntent(
  db: Queryable,
  ref: { connectedAccountId: string; intentId: string },
  outcome: "succeed" | "fail",
): Promise<ProcessorIntent> {
  const row = await findIntent(db, ref);
  if (!OPEN_INTENT_STATUSES.includes(row.status)) {
    throw new ProcessorRefusedError(`This PaymentIntent has a status of ${row.status} and cannot be paid.`, "payment_intent_unexpected_state");
  }
  const next =
    outcome === "succeed"
      ? { status: "succeeded", lastPaymentError: null }
      : { status: "requires_payment_method", lastPaymentError: "Your card was declined (test mode)." };
  return toIntent(await updateIntent(db, row.id, next));
}

async function findIntent(db: Queryable, ref: { connectedAccountId: string; intentId: string }): Promise<TestProcessorIntentRow> {
  const [row] = await db
    .select()
    .from(testProcessorIntents)
    .where(and(eq(testProcessorIntents.id, ref.intentId), eq(testProcessorIntents.connectedAccountId, ref.connectedAccountId)));
  if (!row) throw new ProcessorRefusedError(`No such payment_intent: '${ref.intentId}'`, "resource_missing");
  return row;
}

async function updateIntent(db: Queryable, id: string, set: Partial<TestProcessorIntentRow>): Promise<TestProcessorIntentRow> {
  const [row] = await db
    .update(testProcessorIntents)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(testProcessorIntents.id, id))
    .returning();
  return row!;
}

function toIntent(row: TestProcessorIntentRow): ProcessorIntent {
  return { id: row.id, status: row.status as IntentStatus, amountCents: row.amountCents, currency: row.currency, clientSecret: row.clientSecret };
}

function toRefund(refund: { id: string; status: ProcessorRefund["status"]; amountCents: number }): ProcessorRefund {
  return { id: refund.id, status: refund.status, amountCents: refund.amountCents };
}
