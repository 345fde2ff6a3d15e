import { createHash } from "node:crypto";
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { Queryable, Tx } from "@/lib/db/client";
import { bookingSessions, bookings, externalBusyTimes, type ExternalCalendarRow } from "@/lib/db/schema";
import type { BusyInterval } from "./read-busy-intervals";

export type StoredBusy = { startMs: number; endMs: number; uidHash: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LOOKUP_CHUNK = 1_000;

/** Only a hash of an event's UID is kept (to tell one event's intervals apart), never the UID itself. */
export function hashUid(uid: string): string {
  return createHash("sha256").update(uid).digest("base64url").slice(0, 22);
}

/**
 * The intervals to keep: events whose UID is a booking or a group session of this workspace
 * (its own write-back or its own calendar feed, read back) are left out, duplicates merged, in a stable order.
 */
export async function toStoredBusy(db: Queryable, workspaceId: string, intervals: BusyInterval[]): Promise<StoredBusy[]> {
  const candidates = [...new Set(intervals.map((interval) => interval.uid).filter((uid) => UUID.test(uid)))].map((uid) => uid.toLowerCase());
  const own = new Set<string>();
  for (let i = 0; i < candidates.length; i += LOOKUP_CHUNK) {
    const chunk = candidates.slice(i, i + LOOKUP_CHUNK);
    const rows = await db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.workspaceId, workspaceId), inArray(bookings.id, chunk)))
      .union(
        db
          .select({ id: bookingSessions.id })
          .from(bookingSessions)
          .where(and(eq(bookingSessions.workspaceId, workspaceId), inArray(bookingSessions.id, chunk))),
      );
    for (const row of rows) own.add(row.id);
  }
  const unique = new Map<string, StoredBusy>();
  // A series' occurrences share their UID: each is hashed once.
  const hashes = new Map<string, string>();
  for (const interval of intervals) {
    if (own.has(interval.uid.toLowerCase())) continue;
    let uidHash = hashes.get(interval.uid);
    if (uidHash === undefined) hashes.set(interval.uid, (uidHash = hashUid(interval.uid)));
    const stored = { startMs: interval.startMs, endMs: interval.endMs, uidHash };
    unique.set(keyOf(stored), stored);
  }
  return [...unique.values()].sort(compareBusy);
}

function keyOf(busy: StoredBusy): string {
  return `${busy.startMs} ${busy.endMs} ${busy.uidHash}`;
}

function compareBusy(a: StoredBusy, b: StoredBusy): number {
  return a.startMs - b.startMs || a.endMs - b.endMs || (a.uidHash < b.uidHash ? -1 : a.uidHash > b.uidHash ? 1 : 0);
}

/**
 * Replaces a source's busy times when they differ from those held; when they are the same,
 * writes nothing (so the workspace's availability revision does not move). Answers the
 * intervals that are new since the last sync (for conflict notices), or null when unchanged.
 *
 * A feed holds thousands of intervals: the held ones are read as one aggregated text and the
 * new ones written by one INSERT from three arrays, not as thousands of rows and parameters
 * through the driver (docs/performance.md).
 */
export async function replaceBusyTimes(
  tx: Tx,
  source: Pick<ExternalCalendarRow, "id" | "workspaceId" | "staffId">,
  next: StoredBusy[],
): Promise<StoredBusy[] | null> {
  const [row] = await tx
    .select({
      held: sql<
        string | null
      >`string_agg(${epochMs(externalBusyTimes.startsAt)} || ' ' || ${epochMs(externalBusyTimes.endsAt)} || ' ' || ${externalBusyTimes.uidHash}, ',')`,
    })
    .from(externalBusyTimes)
    .where(eq(externalBusyTimes.externalCalendarId, source.id));
  const heldKeys = new Set(row?.held ? row.held.split(",") : []);
  const isNew = next.map((busy) => !heldKeys.has(keyOf(busy)));
  if (heldKeys.size === next.length && !isNew.includes(true)) return null;
  await tx.delete(externalBusyTimes).where(eq(externalBusyTimes.externalCalendarId, source.id));
  if (next.length > 0) {
    const starts = next.map((busy) => busy.startMs).join(",");
    const ends = next.map((busy) => busy.endMs).join(",");
    const hashes = next.map((busy) => busy.uidHash).join(",");
    await tx.execute(sql`INSERT INTO ${externalBusyTimes} (workspace_id, staff_id, external_calendar_id, starts_at, ends_at, uid_hash)
      SELECT ${source.workspaceId}::uuid, ${source.staffId}::uuid, ${source.id}::uuid, to_timestamp(s / 1000.0), to_timestamp(e / 1000.0), h
      FROM unnest(string_to_array(${starts}, ',')::bigint[], string_to_array(${ends}, ',')::bigint[], string_to_array(${hashes}, ',')) AS busy(s, e, h)`);
  }
  return next.filter((_, index) => isNew[index]);
}

/** Whole epoch milliseconds (busy times are stored from millisecond instants). */
function epochMs(column: typeof externalBusyTimes.startsAt): SQL {
  return sql`round(date_part('epoch', ${column}) * 1000)::bigint`;
}
