import { and, asc, inArray, lte } from "drizzle-orm";
import { bookings } from "@/lib/db/schema";
import type { DueWorkSweep } from "@/lib/jobs/types";
import { expireHold } from "./expire-hold";
import { HOLD_STATUSES } from "./holds";
import { withTransaction } from "@/lib/db/transaction";

/**
 * The in-process runner's (and the Inngest cron backstop's) driver for expireHold: claims
 * lapsed holds with SKIP LOCKED, so several instances sweep without stepping on each other.
 */
export const holdExpirySweep: DueWorkSweep = {
  name: "hold-expiry",
  run: async (ctx, { limit }) => {
    const now = ctx.clock.now();
    return withTransaction(ctx, async (tx) => {
      const due = await tx
        .select({ id: bookings.id })
        .from(bookings)
        .where(and(inArray(bookings.status, HOLD_STATUSES), lte(bookings.holdExpiresAt, now)))
        .orderBy(asc(bookings.holdExpiresAt))
        .limit(limit)
        .for("update", { skipLocked: true });
      let expired = 0;
      for (const { id } of due) if ((await expireHold(tx, id, now)).expired) expired++;
      return expired;
    });
  },
};
