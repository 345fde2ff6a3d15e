import { and, eq, inArray } from "drizzle-orm";
import type { Db, Queryable } from "@/lib/db/client";
import { payments, type PaymentRow } from "@/lib/db/schema";
import type { Clock } from "@/lib/time/clock";
import { applyObservation } from "./apply-observation";
import { getPaymentProcessor } from "./get-processor";
import { ProcessorRefusedError } from "./processor";
import { REFUNDABLE_STATUSES } from "./refund-rule";
import { getLogger } from "@/lib/log/logger";
/** Statuses in which a refund can be created at the processor now. */
const REFUND_NOW_STATUSES: readonly string[] = ["succeeded", "partially_refunded"];

/**
 * docs/decisions.md#bookings: cancelling a paid booking refunds it in full unless the secret key said
 * `refund: false`. Call inside the cancelling transaction: it only marks the refund as owed,
 * so the mark commits with the cancellation; `settlePaymentAfterChange` (after commit) or the
 * refund sweep creates it. A payment still `processing` is refunded once it succeeds.
 */
export async function markRefundDue(tx: Queryable, input: { workspaceId: string; bookingId: string; now: Date }): Promise<boolean> {
  const marked = await tx
    .update(payments)
    .set({ refundDueAt: input.now, updatedAt: input.now })
    .where(and(eq(payments.bookingId, input.bookingId), eq(payments.workspaceId, input.workspaceId), inArray(payments.status, REFUNDABLE_STATUSES)))
    .returning({ id: payments.id });
  return marked.length > 0;
}

export function isRefundDueNow(payment: Pick<PaymentRow, "refundDueAt" | "status">, now: Date): boolean {
  return payment.refundDueAt !== null && payment.refundDueAt <= now && REFUND_NOW_STATUSES.includes(payment.status);
}

/**
 * Creates the refund a payment owes (everything not yet refunded) with the idempotency key
 * `refund:<paymentId>:<n>`, then reads every refund of the intent and applies them. A
 * processor that cannot be reached leaves the refund owed (same key next time, so a request
 * that did reach the processor is not repeated); a refusal is logged and the mark cleared.
 */
export async function createDueRefund(ctx: { db: Db; clock: Clock }, payment: PaymentRow): Promise<PaymentRow> {
  if (!isRefundDueNow(payment, ctx.clock.now()) || !payment.intentId) return payment;
  const processor = getPaymentProcessor(payment.processor, ctx.db);
  const ref = { connectedAccountId: payment.connectedAccountId, intentId: payment.intentId };
  const attempt = payment.refundAttempts + 1;
  const amountCents = payment.amountCents - payment.amountRefundedCents;
  try {
    if (amountCents > 0) await processor.createRefund({ ...ref, paymentId: payment.id, attempt, amountCents });
  } catch (error) {
    if (!(error instanceof ProcessorRefusedError)) throw error;
    getLogger().error(`[payments] ALERT refund of payment ${payment.id} refused by the processor: ${error.code ?? ""} ${error.message}`);
  }
  const now = ctx.clock.now();
  await ctx.db
    .update(payments)
    .set({ refundAttempts: attempt, refundDueAt: null, updatedAt: now })
    .where(and(eq(payments.id, payment.id), eq(payments.refundAttempts, payment.refundAttempts)));
  const refunds = await processor.listRefunds(ref);
  return (await applyObservation(ctx.db, { paymentId: payment.id, observation: { refunds }, now })).payment;
}
