import { eq, sql } from "drizzle-orm";
import { getConfig } from "@/lib/config";
import type { Tx } from "@/lib/db/client";
import { externalCalendars, type ExternalCalendarRow } from "@/lib/db/schema";
import { noticeConflicts } from "./notice-conflicts";
import type { SourceRead } from "./read-source";
import { replaceBusyTimes, toStoredBusy } from "./store-busy-times";

/** Minutes between periodic syncs of a source (EXTERNAL_CALENDAR_SYNC_MINUTES, default 5). */
export function syncIntervalMs(): number {
  return getConfig().externalCalendarSyncMinutes * 60_000;
}

/**
 * A good read of a source, written in the caller's transaction: its busy times replaced when
 * they changed (nothing written when not), new ones that land on a booking announced, and
 * the source marked ok and due again in EXTERNAL_CALENDAR_SYNC_MINUTES.
 */
export async function applyRead(tx: Tx, source: ExternalCalendarRow, read: SourceRead, now: Date): Promise<ExternalCalendarRow> {
  let busyCount = source.busyCount;
  const fields: Partial<ExternalCalendarRow> = {};
  if (read.changed) {
    const next = await toStoredBusy(tx, source.workspaceId, read.intervals);
    const added = await replaceBusyTimes(tx, source, next);
    if (added) await noticeConflicts(tx, source, added, now);
    busyCount = next.length;
    Object.assign(fields, { etag: read.etag, lastModified: read.lastModified, expandedAt: now });
  }
  const [row] = await tx
    .update(externalCalendars)
    .set({
      ...fields,
      busyCount,
      // Turned off (PATCH active: false) while this read ran: it stays off.
      status: sql`CASE WHEN ${externalCalendars.status} = 'disabled' THEN 'disabled' ELSE 'ok' END`,
      lastSyncedAt: now,
      lastSuccessAt: now,
      lastError: null,
      failingSince: null,
      consecutiveFailures: 0,
      nextSyncAt: sql`CASE WHEN ${externalCalendars.status} = 'disabled' THEN NULL ELSE ${new Date(now.getTime() + syncIntervalMs()).toISOString()}::timestamptz END`,
      claimedUntil: null,
    })
    .where(eq(externalCalendars.id, source.id))
    .returning();
  if (!row) throw new Error("external calendar vanished during its sync");
  return row;
}
