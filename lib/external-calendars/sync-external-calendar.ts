import { countSyncFailure } from "@/lib/observability/metrics";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { BaseContext } from "@/lib/context";
import { externalCalendars, workspaces, type ExternalCalendarRow } from "@/lib/db/schema";
import { withTransaction } from "@/lib/db/transaction";
import { applyRead } from "./apply-read";
import { unsealCredentials } from "./credentials";
import { FetchError } from "./fetch-url";
import { readSource } from "./read-source";
import { FeedError } from "./read-busy-intervals";
import { syncWindowOf } from "./sync-window";

/** A sync holds its source this long at most (the fetch is cut off at 15 s); a crashed holder's claim lapses. */
export const SYNC_CLAIM_MS = 2 * 60_000;
/** Back-off after failures: 5, 10, 20 … minutes, at most 6 hours. */
export const MAX_BACKOFF_MS = 6 * 3_600_000;
/** Failing this long, a source is disabled (its busy times are kept until it is deleted). */
export const DISABLE_AFTER_MS = 7 * 86_400_000;
/** Conditional requests are made for a day after a whole read; then the window has moved enough to read it whole again. */
const CONDITIONAL_FOR_MS = 86_400_000;

export type SyncOutcome = { row: ExternalCalendarRow; synced: boolean };

/**
 * Syncs one source now, if no other instance is syncing it (a claim on its row): read,
 * expand, store what changed. A failure keeps the last good busy times, records a readable
 * last_error and backs off; failing for 7 days disables the source. Never throws for a
 * source's own failure.
 */
export async function syncExternalCalendar(ctx: Pick<BaseContext, "db" | "clock">, id: string): Promise<SyncOutcome | undefined> {
  const now = ctx.clock.now();
  const [claimed] = await ctx.db
    .update(externalCalendars)
    .set({ claimedUntil: new Date(now.getTime() + SYNC_CLAIM_MS) })
    .where(and(eq(externalCalendars.id, id), or(isNull(externalCalendars.claimedUntil), lt(externalCalendars.claimedUntil, now))))
    .returning();
  if (!claimed) {
    const [row] = await ctx.db.select().from(externalCalendars).where(eq(externalCalendars.id, id));
    return row ? { row, synced: false } : undefined;
  }
  try {
    const [workspace] = await ctx.db
      .select({ id: workspaces.id, timezone: workspaces.timezone })
      .from(workspaces)
      .where(eq(workspaces.id, claimed.workspaceId));
    if (!workspace) throw new Error("external calendar without its workspace");
    const window = await syncWindowOf(ctx.db, workspace, now);
    const fresh = claimed.expandedAt !== null && now.getTime() - claimed.expandedAt.getTime() < CONDITIONAL_FOR_MS;
    const validators = fresh ? claimed : { etag: null, lastModified: null };
    const read = await readSource(claimed.kind, unsealCredentials(claimed.credentialsSealed), validators, window);
    const row = await withTransaction(ctx, (tx) => applyRead(tx, claimed, read, ctx.clock.now()));
    return { row, synced: true };
  } catch (error) {
    countSyncFailure();
    const row = await recordFailure(ctx, claimed, describeFailure(error), now);
    // Deleted while it was being read: nothing is left to report.
    return row ? { row, synced: true } : undefined;
  }
}

/** A failure's words: ours when we know them; never an unknown error's own message (it may quote the address). */
export function describeFailure(error: unknown): string {
  if (error instanceof FetchError || error instanceof FeedError) return error.message;
  return "The calendar could not be read.";
}

async function recordFailure(ctx: Pick<BaseContext, "db">, source: ExternalCalendarRow, message: string, now: Date): Promise<ExternalCalendarRow | undefined> {
  const failures = source.consecutiveFailures + 1;
  const failingSince = source.failingSince ?? now;
  const expired = now.getTime() - failingSince.getTime() >= DISABLE_AFTER_MS;
  const backoffMs = Math.min(MAX_BACKOFF_MS, 5 * 60_000 * 2 ** Math.min(failures - 1, 20));
  const [row] = await ctx.db
    .update(externalCalendars)
    .set({
      // Turned off (PATCH active: false) while this read ran: it stays off.
      status: expired ? "disabled" : sql`CASE WHEN ${externalCalendars.status} = 'disabled' THEN 'disabled' ELSE 'failing' END`,
      lastSyncedAt: now,
      lastError: message,
      failingSince,
      consecutiveFailures: failures,
      nextSyncAt: expired
        ? null
        : sql`CASE WHEN ${externalCalendars.status} = 'disabled' THEN NULL ELSE ${new Date(now.getTime() + backoffMs).toISOString()}::timestamptz END`,
      claimedUntil: null,
    })
    .where(eq(externalCalendars.id, source.id))
    .returning();
  return row;
}
