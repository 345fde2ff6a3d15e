import { and, inArray, lte } from "drizzle-orm";
import { payments } from "@/lib/db/schema";
import type { DueWorkSweep } from "@/lib/context";
import { cancelAbandonedPayment, findAbandonedPayments } from "./cancel-abandoned-payment";
import { ProcessorUnavailableError } from "./processor";
import { createDueRefund } from "./refund-payment";
import type { PaymentContext } from "./sync-payment";
import { getLogger } from "@/lib/log/logger";

/**
 * The payment work that must happen even when nobody is waiting for it: cancelling the
 * unpaid intents of holds that lapsed (or bookings cancelled before payment), and creating
 * refunds that are owed. No row lock is held across a processor call (a slow processor must
 * not hold the database); two instances doing the same row send the same idempotency key,
 * so the processor does the work once. A processor that cannot be reached is skipped: the
 * row stays due for the next sweep. Counts what was settled.
 */
async function sweepEach(ctx: PaymentContext, rows: Parameters<typeof cancelAbandonedPayment>[1][], step: typeof cancelAbandonedPayment): Promise<number> {
  let settled = 0;
  for (const row of rows) {
    try {
      await step(ctx, row);
      settled++;
    } catch (error) {
      if (!(error instanceof ProcessorUnavailableError)) throw error;
      getLogger().error(`[payments] payment ${row.id}: processor unavailable; retried on the next sweep`);
    }
  }
  return settled;
}

export const abandonedPaymentSweep: DueWorkSweep = {
  name: "payment-abandoned-intents",
  run: async (ctx, { limit }) => sweepEach(ctx, await findAbandonedPayments(ctx, limit), cancelAbandonedPayment),
};

export const dueRefundSweep: DueWorkSweep = {
  name: "payment-refunds",
  run: async (ctx, { limit }) => {
    const due = await ctx.db
      .select()
      .from(payments)
      .where(and(lte(payments.refundDueAt, ctx.clock.now()), inArray(payments.status, ["succeeded", "partially_refunded"])))
      .orderBy(payments.refundDueAt)
      .limit(limit);
    return sweepEach(ctx, due, createDueRefund);
  },
};
