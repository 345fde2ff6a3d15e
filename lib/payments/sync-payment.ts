import { and, eq } from "drizzle-orm";
import { isLiveHold } from "@/lib/bookings/holds";
import type { Db } from "@/lib/db/client";
import { bookings, payments, type PaymentRow } from "@/lib/db/schema";
import type { BaseContext } from "@/lib/context";
import { applyObservation, type AppliedObservation } from "./apply-observation";
import { getPaymentProcessor } from "./get-processor";
import type { ProcessorIntent } from "./processor";
import { createDueRefund, isRefundDueNow } from "./refund-payment";
import { logError } from "@/lib/log/logger";

/** Payment steps run for verbs, jobs and the Stripe webhook alike: they need only the database and the clock. */
export type PaymentContext = Pick<BaseContext, "db" | "clock">;

/**
 * Brings a payment up to date with its processor. An `initializing` payment whose card hold
 * is alive gets its intent now (same idempotency key as at create, so a create that did
 * reach the processor is found, not repeated); any other is re-read, with its refunds once it
 * has succeeded. The observation is applied (forward only; the event, when one caused this,
 * deduplicated in the same transaction), then the work due after commit is done.
 * Throws ProcessorUnavailableError, changing nothing, when the processor cannot be reached.
 */
export async function syncPayment(ctx: PaymentContext, payment: PaymentRow, event?: { id: string; type: string }): Promise<AppliedObservation> {
  const processor = getPaymentProcessor(payment.processor, ctx.db);
  let intent: ProcessorIntent;
  if (payment.intentId) {
    intent = await processor.retrieveIntent({ connectedAccountId: payment.connectedAccountId, intentId: payment.intentId });
  } else if (payment.status === "initializing" && (await hasLiveHold(ctx.db, payment, ctx.clock.now()))) {
    intent = await processor.createIntent({
      connectedAccountId: payment.connectedAccountId,
      bookingId: payment.bookingId,
      paymentId: payment.id,
      workspaceId: payment.workspaceId,
      amountCents: payment.amountCents,
      currency: payment.currency,
    });
  } else {
    return { payment, isDuplicate: false, isBookingConfirmed: false };
  }
  const refunds =
    intent.status === "succeeded" ? await processor.listRefunds({ connectedAccountId: payment.connectedAccountId, intentId: intent.id }) : undefined;
  const applied = await applyObservation(ctx.db, { paymentId: payment.id, observation: { intent, refunds }, event, now: ctx.clock.now() });
  return { ...applied, payment: await afterApplied(ctx, applied) };
}

/**
 * The work that follows a payment change, outside any transaction: create a refund that is
 * now owed. A refund that cannot be created now stays owed for the refund sweep.
 */
export async function afterApplied(ctx: PaymentContext, applied: AppliedObservation): Promise<PaymentRow> {
  if (!isRefundDueNow(applied.payment, ctx.clock.now())) return applied.payment;
  try {
    return await createDueRefund(ctx, applied.payment);
  } catch (error) {
    logError(`[payments] refund of payment ${applied.payment.id} not created yet; the refund sweep retries`, error);
    return applied.payment;
  }
}

export async function findPaymentForBooking(db: Db, scope: { workspaceId: string; bookingId: string }): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, scope.bookingId), eq(payments.workspaceId, scope.workspaceId)));
  return row;
}

async function hasLiveHold(db: Db, payment: PaymentRow, now: Date): Promise<boolean> {
  const [booking] = await db
    .select({ status: bookings.status, holdExpiresAt: bookings.holdExpiresAt })
    .from(bookings)
    .where(and(eq(bookings.id, payment.bookingId), eq(bookings.workspaceId, payment.workspaceId)));
  return booking !== undefined && isLiveHold(booking, now);
}
