import { and, asc, inArray, lte } from "drizzle-orm";
import { bookings } from "@/lib/db/schema";
import type { JobContext } from "@/lib/context";
import { expireHold } from "./expire-hold";
import { HOLD_STATUSES } from "./holds";
import { withTransaction } from "@/lib/db/transaction";

/**
 * Every lapsed hold, at most `limit`, through expireHold (the sweep behind the expire-hold job,
 * lib/jobs/definitions/expire-hold.ts): claims them with SKIP LOCKED, so several instances
 * sweep without stepping on each other. Answers how many it expired.
 */
export async function expireLapsedHolds(ctx: JobContext, { limit }: { limit: number }): Promise<number> {
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
}
