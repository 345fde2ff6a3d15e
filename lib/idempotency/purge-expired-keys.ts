import { asc, lte, sql } from "drizzle-orm";
import type { DueWorkSweep, JobContext } from "@/lib/context";
import { idempotencyKeys } from "@/lib/db/schema";

/**
 * docs/idempotency.md: a key is kept 24 hours. Its row carries its own end (`expires_at`, set
 * when the key is recorded, lib/http/idempotency.ts); from then on the key replays nothing
 * (only live rows are read, and a new request may take the key over), so the row is deleted.
 * At most `limit` rows per call, the oldest first, claimed with SKIP LOCKED in the one
 * statement: a row that a request is taking over right now is left to it, and several
 * instances purge side by side. Answers how many rows it deleted.
 */
export async function purgeExpiredIdempotencyKeys(ctx: Pick<JobContext, "db" | "clock">, { limit }: { limit: number }): Promise<number> {
  const expired = ctx.db
    .select({ workspaceId: idempotencyKeys.workspaceId, key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(lte(idempotencyKeys.expiresAt, ctx.clock.now()))
    .orderBy(asc(idempotencyKeys.expiresAt))
    .limit(limit)
    .for("update", { skipLocked: true });
  const deleted = await ctx.db
    .delete(idempotencyKeys)
    .where(sql`(${idempotencyKeys.workspaceId}, ${idempotencyKeys.key}) in (${expired})`)
    .returning({ key: idempotencyKeys.key });
  return deleted.length;
}

/** Run by runDueWork (lib/jobs/sweeps.ts): the in-process runner, POST /dev/jobs/run and the Inngest cron backstop. */
export const expiredIdempotencyKeySweep: DueWorkSweep = { name: "idempotency-keys-expired", run: purgeExpiredIdempotencyKeys };
