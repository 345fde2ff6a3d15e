import { and, eq, isNull } from "drizzle-orm";
import type Stripe from "stripe";
import { getConfig } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import { payments, processorEvents, type PaymentRow } from "@/lib/db/schema";
import { DomainError, notFound } from "@/lib/errors";
import { getStripeClient } from "./stripe-processor";
import { syncPayment, type PaymentContext } from "./sync-payment";

export type StripeEventOutcome = { outcome: "applied" | "duplicate" | "ignored"; reason?: string };

/**
 * One event from the Connect webhook endpoint. The raw body is verified with
 * STRIPE_WEBHOOK_SECRET (stripe-node, 300 s tolerance). The event body is only a hint: the
 * PaymentIntent (and its refunds) are re-read from Stripe, because events arrive out of
 * order and more than once; the event id is recorded in the transaction that applies the
 * change, so a redelivery changes nothing. Events without a connected account, from the
 * other mode (test/live), of types we do not use, or about payments we do not know are
 * acknowledged and ignored. Throws ProcessorUnavailableError when Stripe cannot be re-read,
 * so the endpoint answers non-2xx and Stripe delivers the event again later.
 */
export async function handleStripeEvent(ctx: PaymentContext, input: { rawBody: string; signature: string | null }): Promise<StripeEventOutcome> {
  const stripe = getConfig().stripe;
  if (!stripe?.webhookSecret) throw notFound("route");
  let event: Stripe.Event;
  try {
    event = getStripeClient().webhooks.constructEvent(input.rawBody, input.signature ?? "", stripe.webhookSecret);
  } catch {
    throw new DomainError("unauthorized", "The Stripe-Signature header does not verify this body with the webhook secret.");
  }
  // Direct charges happen on connected accounts; an event without one is the platform's own.
  if (!event.account) return { outcome: "ignored", reason: "not a connected-account event" };
  if (event.livemode !== stripe.secretKey.startsWith("sk_live_")) return { outcome: "ignored", reason: "other mode" };
  const target = paymentIntentOf(event);
  if (!target) return { outcome: "ignored", reason: "event type not used" };
  const payment = await findPayment(ctx.db, { connectedAccountId: event.account, ...target });
  if (!payment) return { outcome: "ignored", reason: "no such payment" };
  if (await isRecorded(ctx.db, event.id)) return { outcome: "duplicate" };

  // A payment whose create response was lost learns its intent from the event (found by our
  // payment id in the intent's metadata, on the same account); it is then re-read like any other.
  const applied = await syncPayment(ctx, { ...payment, intentId: payment.intentId ?? target.intentId }, { id: event.id, type: event.type });
  return { outcome: applied.isDuplicate ? "duplicate" : "applied" };
}

type IntentTarget = { intentId: string; paymentId: string | undefined };

/**
 * The PaymentIntent an event is about: payment_intent.* carry it (and our payment id in its
 * metadata, which finds a payment whose create response was lost); refund, charge refund and
 * dispute events name it. A dispute changes no status (a disputed payment stays succeeded),
 * but re-reading on it is harmless and catches up anything missed.
 */
function paymentIntentOf(event: Stripe.Event): IntentTarget | undefined {
  const object = event.data.object as { id?: unknown; payment_intent?: unknown; metadata?: Record<string, string> | null };
  if (event.type.startsWith("payment_intent.") && typeof object.id === "string") {
    return { intentId: object.id, paymentId: object.metadata?.payment_id };
  }
  const isUsed = event.type.startsWith("refund.") || event.type.startsWith("charge.refund") || event.type.startsWith("charge.dispute.");
  if (!isUsed) return undefined;
  const intent = object.payment_intent;
  const intentId = typeof intent === "string" ? intent : (intent as { id?: unknown } | null)?.id;
  return typeof intentId === "string" ? { intentId, paymentId: undefined } : undefined;
}

async function findPayment(db: Db, target: IntentTarget & { connectedAccountId: string }): Promise<PaymentRow | undefined> {
  const [byIntent] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.intentId, target.intentId), eq(payments.connectedAccountId, target.connectedAccountId), eq(payments.processor, "stripe")));
  if (byIntent || !target.paymentId || !/^[0-9a-f-]{36}$/i.test(target.paymentId)) return byIntent;
  const [byMetadata] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.id, target.paymentId),
        eq(payments.connectedAccountId, target.connectedAccountId),
        eq(payments.processor, "stripe"),
        isNull(payments.intentId),
      ),
    );
  return byMetadata;
}

async function isRecorded(db: Db, eventId: string): Promise<boolean> {
  const [row] = await db.select({ id: processorEvents.eventId }).from(processorEvents).where(eq(processorEvents.eventId, eventId));
  return row !== undefined;
}
