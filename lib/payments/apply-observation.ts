import { and, eq } from "drizzle-orm";
import { lockBookingOrThrow } from "@/lib/bookings/get-booking";
import type { Db, Tx } from "@/lib/db/client";
import { payments, processorEvents, workspaces, type PaymentRow } from "@/lib/db/schema";
import { nextStatusFromIntent, nextStatusFromRefunds } from "./payment-status";
import type { ProcessorIntent, ProcessorRefund } from "./processor";
import { settleBookingForPayment } from "./settle-booking";
import { withTransaction } from "@/lib/db/transaction";
import { getLogger } from "@/lib/log/logger";

/** What was just read from the processor (never what an event body claimed). */
export type Observation = {
  intent?: ProcessorIntent;
  /** Every refund of the intent; present when they were read. */
  refunds?: ProcessorRefund[];
};

export type AppliedObservation = {
  payment: PaymentRow;
  /** The event id had been applied before: nothing changed. */
  isDuplicate: boolean;
  isBookingConfirmed: boolean;
};

/**
 * Applies one observation of the processor to a payment and its booking, in one transaction:
 * the event id (when an event caused it) is recorded there too, so a redelivered event
 * changes nothing; the status only moves forward (./payment-status.ts); and a payment that
 * now holds money settles its booking (./settle-booking.ts). A refund that is owed is only
 * marked here (`refund_due_at`); it is created after commit, never inside a transaction.
 */
export async function applyObservation(
  db: Db,
  input: { paymentId: string; observation: Observation; event?: { id: string; type: string }; now: Date },
): Promise<AppliedObservation> {
  const { now, observation } = input;
  return withTransaction({ db }, async (tx) => {
    const [current] = await tx.select().from(payments).where(eq(payments.id, input.paymentId));
    if (!current) throw new Error(`payment ${input.paymentId} vanished`);
    if (input.event && !(await recordEvent(tx, input.event))) return { payment: current, isDuplicate: true, isBookingConfirmed: false };

    // Booking before payment: the order every writer takes, so two never wait on each other.
    const booking = await lockBookingOrThrow(tx, { workspaceId: current.workspaceId, id: current.bookingId });
    const [payment] = await tx.select().from(payments).where(eq(payments.id, input.paymentId)).for("update");
    let next = { ...payment! };
    if (observation.intent) {
      next.status = nextStatusFromIntent(next.status, observation.intent.status);
      next.intentId ??= observation.intent.id;
      next.clientSecret ??= observation.intent.clientSecret;
    }
    if (observation.refunds) {
      const outcome = nextStatusFromRefunds(next, observation.refunds);
      if (outcome.isRefundFailure) {
        getLogger().error(`[payments] ALERT refund failed for payment ${next.id} (booking ${next.bookingId}); status back to ${outcome.status}`);
      }
      next = { ...next, status: outcome.status, amountRefundedCents: outcome.amountRefundedCents, statusBeforeRefund: outcome.statusBeforeRefund };
    }
    if (next.status === "refunded" || next.status === "canceled") next.refundDueAt = null;

    const [workspace] = await tx.select({ accountId: workspaces.accountId }).from(workspaces).where(eq(workspaces.id, next.workspaceId));
    const settlement = await settleBookingForPayment(tx, { booking, payment: next, accountId: workspace!.accountId, now });
    if (settlement.owesRefund && next.refundDueAt === null && next.refundAttempts === 0) next.refundDueAt = now;

    const [saved] = await tx
      .update(payments)
      .set({
        status: next.status,
        intentId: next.intentId,
        clientSecret: next.clientSecret,
        amountRefundedCents: next.amountRefundedCents,
        statusBeforeRefund: next.statusBeforeRefund,
        refundDueAt: next.refundDueAt,
        updatedAt: now,
      })
      .where(and(eq(payments.id, next.id), eq(payments.workspaceId, next.workspaceId)))
      .returning();
    return { payment: saved!, isDuplicate: false, isBookingConfirmed: settlement.isConfirmed };
  });
}

/** False when the event was applied before (the dedupe table's primary key decides). */
async function recordEvent(tx: Tx, event: { id: string; type: string }): Promise<boolean> {
  const inserted = await tx
    .insert(processorEvents)
    .values({ eventId: event.id, type: event.type })
    .onConflictDoNothing()
    .returning({ id: processorEvents.eventId });
  return inserted.length > 0;
}
