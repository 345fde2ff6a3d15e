import { and, eq, inArray, isNull, lte, notInArray, or } from "drizzle-orm";
import { HOLD_STATUSES, isLiveHold } from "@/lib/bookings/holds";
import { bookings, payments, type PaymentRow } from "@/lib/db/schema";
import { applyObservation } from "./apply-observation";
import { getPaymentProcessor } from "./get-processor";
import { UNSETTLED_STATUSES } from "./payment-status";
import { ProcessorRefusedError, ProcessorUnavailableError, type ProcessorIntent } from "./processor";
import { createDueRefund, isRefundDueNow } from "./refund-payment";
import { afterApplied, findPaymentForBooking, type PaymentContext } from "./sync-payment";
import { logError } from "@/lib/log/logger";

/**
 * An unpaid payment whose booking is no longer a live hold (the hold lapsed, or the booking
 * was cancelled before it was paid) is cancelled at the processor (`abandoned`, key
 * `pi-cancel:<bookingId>`), because unpaid PaymentIntents never expire on their own. An
 * intent the customer managed to pay meanwhile cannot be cancelled: it is re-read and
 * applied instead, which confirms the booking if its slot is still free or refunds it.
 * A payment still `initializing` never handed a client secret out, so nobody can pay it:
 * it is cancelled here without a call.
 */
export async function cancelAbandonedPayment(ctx: PaymentContext, payment: PaymentRow): Promise<PaymentRow> {
  if (!UNSETTLED_STATUSES.includes(payment.status)) return payment;
  const now = ctx.clock.now();
  const [booking] = await ctx.db
    .select({ status: bookings.status, holdExpiresAt: bookings.holdExpiresAt })
    .from(bookings)
    .where(and(eq(bookings.id, payment.bookingId), eq(bookings.workspaceId, payment.workspaceId)));
  if (booking && isLiveHold(booking, now)) return payment;

  if (!payment.intentId) {
    const [row] = await ctx.db
      .update(payments)
      .set({ status: "canceled", updatedAt: now })
      .where(and(eq(payments.id, payment.id), eq(payments.status, "initializing")))
      .returning();
    return row ?? payment;
  }
  const processor = getPaymentProcessor(payment.processor, ctx.db);
  const ref = { connectedAccountId: payment.connectedAccountId, intentId: payment.intentId };
  let intent: ProcessorIntent;
  try {
    intent = await processor.cancelIntent({ ...ref, bookingId: payment.bookingId });
  } catch (error) {
    if (!(error instanceof ProcessorRefusedError)) throw error;
    intent = await processor.retrieveIntent(ref);
  }
  const refunds = intent.status === "succeeded" ? await processor.listRefunds(ref) : undefined;
  const applied = await applyObservation(ctx.db, { paymentId: payment.id, observation: { intent, refunds }, now: ctx.clock.now() });
  return afterApplied(ctx, applied);
}

/**
 * After a booking change commits (a cancellation): create the refund it made owed, or cancel
 * the unpaid intent of a booking that is no longer held. The processor being unreachable is
 * not the caller's failure: the payment sweeps retry, so it is logged and the payment as it
 * now stands is returned (or undefined when the booking took no payment).
 */
export async function settlePaymentAfterChange(ctx: PaymentContext, scope: { workspaceId: string; bookingId: string }): Promise<PaymentRow | undefined> {
  const payment = await findPaymentForBooking(ctx.db, scope);
  if (!payment) return undefined;
  try {
    if (isRefundDueNow(payment, ctx.clock.now())) return await createDueRefund(ctx, payment);
    if (UNSETTLED_STATUSES.includes(payment.status)) return await cancelAbandonedPayment(ctx, payment);
    return payment;
  } catch (error) {
    if (!(error instanceof ProcessorUnavailableError)) throw error;
    logError(`[payments] payment ${payment.id} not settled with the processor yet; the payment sweeps retry`, error);
    return (await findPaymentForBooking(ctx.db, scope)) ?? payment;
  }
}

/** Unpaid payments whose booking is no longer a live hold, oldest change first. */
export async function findAbandonedPayments(ctx: PaymentContext, limit: number): Promise<PaymentRow[]> {
  const now = ctx.clock.now();
  const rows = await ctx.db
    .select({ payment: payments })
    .from(payments)
    .innerJoin(bookings, eq(bookings.id, payments.bookingId))
    .where(
      and(
        inArray(payments.status, [...UNSETTLED_STATUSES]),
        // The negation of isLiveHold (lib/bookings/holds.ts), in SQL.
        or(notInArray(bookings.status, [...HOLD_STATUSES]), isNull(bookings.holdExpiresAt), lte(bookings.holdExpiresAt, now)),
      ),
    )
    .orderBy(payments.updatedAt)
    .limit(limit);
  return rows.map((row) => row.payment);
}
