import { and, eq, max } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { services } from "@/lib/db/schema";

/** The stretch a sync reads, in the workspace's zone (all-day events are its local days). */
export type SyncWindow = { zone: string; fromMs: number; toMs: number };

const DAY_MS = 86_400_000;
/** Synced ahead: the workspace's largest booking window, at most this many days. */
export const MAX_SYNC_DAYS_AHEAD = 400;
const DEFAULT_DAYS_AHEAD = 60;

/**
 * [now − 1 day, now + the largest max_advance_days of the workspace's active services, at most
 * 400 days]: every time a customer can be offered, and the day just past (a booking that
 * started yesterday can still conflict).
 */
export async function syncWindowOf(db: Queryable, workspace: { id: string; timezone: string }, now: Date): Promise<SyncWindow> {
  const [row] = await db
    .select({ days: max(services.maxAdvanceDays) })
    .from(services)
    .where(and(eq(services.workspaceId, workspace.id), eq(services.active, true)));
  const days = Math.min(MAX_SYNC_DAYS_AHEAD, Math.max(1, row?.days ?? DEFAULT_DAYS_AHEAD));
  return { zone: workspace.timezone, fromMs: now.getTime() - DAY_MS, toMs: now.getTime() + days * DAY_MS };
}
