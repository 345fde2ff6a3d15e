import { countSyncFailure } from "@/lib/observability/metrics";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { BaseContext } from "@/lib/context";
import type { Queryable } from "@/lib/db/client";
import { externalCalendars, workspaces, type ExternalCalendarRow } from "@/lib/db/schema";
import { withTransaction } from "@/lib/db/transaction";
import { applyRead } from "./apply-read";
import { unsealCredentials } from "./credentials";
import { FetchError } from "./fetch-url";
import { readSource } from "./read-source";
import { FeedError } from "./read-busy-intervals";
import { syncWindowOf } from "./sync-window";
import { reportDeliveryAttempt } from "@/lib/log/delivery-attempts";
import { recordWorkspaceEvent } from "@/lib/webhooks/record-workspace-event";
import { toExternalCalendar } from "./serialize";

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

/**
 * A failed read: logged (docs/operations.md#delivery-failures), and when the source turns
 * `failing` (or, after 7 days of it, `disabled`) the workspace's endpoints get
 * `external_calendar.failing` in the same transaction, once per turn.
 */
async function recordFailure(ctx: Pick<BaseContext, "db">, source: ExternalCalendarRow, message: string, now: Date): Promise<ExternalCalendarRow | undefined> {
  const failures = source.consecutiveFailures + 1;
  const failingSince = source.failingSince ?? now;
  const expired = now.getTime() - failingSince.getTime() >= DISABLE_AFTER_MS;
  reportDeliveryAttempt({
    delivery: "calendar_sync",
    outcome: expired ? "given_up" : "failed",
    ids: { external_calendar_id: source.id, staff_id: source.staffId, workspace_id: source.workspaceId },
    attempt: failures,
    answer: message,
  });
  return withTransaction(ctx, async (tx) => {
    const row = await writeFailure(tx, source, { message, now, failures, failingSince, expired });
    const turned = row && row.status !== source.status && (row.status === "failing" || (row.status === "disabled" && expired));
    if (row && turned) {
      await recordWorkspaceEvent(tx, {
        workspaceId: row.workspaceId,
        type: "external_calendar.failing",
        data: { external_calendar: toExternalCalendar(row) },
        now,
      });
    }
    return row;
  });
}

async function writeFailure(
  db: Queryable,
  source: ExternalCalendarRow,
  { message, now, failures, failingSince, expired }: { message: string; now: Date; failures: number; failingSince: Date; expired: boolean },
): Promise<ExternalCalendarRow | undefined> {
  const backoffMs = Math.min(MAX_BACKOFF_MS, 5 * 60_000 * 2 ** Math.min(failures - 1, 20));
  const [row] = await db
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
