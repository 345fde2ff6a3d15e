import { createHash } from "node:crypto";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Queryable, Tx } from "@/lib/db/client";
import { bookings, externalBusyTimes, type ExternalCalendarRow } from "@/lib/db/schema";
import type { BusyInterval } from "./read-busy-intervals";

export type StoredBusy = { startMs: number; endMs: number; uidHash: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const INSERT_CHUNK = 1_000;

/** Only a hash of an event's UID is kept (to tell one event's intervals apart), never the UID itself. */
export function hashUid(uid: string): string {
  return createHash("sha256").update(uid).digest("base64url").slice(0, 22);
}

/**
 * The intervals to keep: events whose UID is a booking of this workspace (its own write-back
 * or its own calendar feed, read back) are left out, duplicates merged, in a stable order.
 */
export async function toStoredBusy(db: Queryable, workspaceId: string, intervals: BusyInterval[]): Promise<StoredBusy[]> {
  const candidates = [...new Set(intervals.map((interval) => interval.uid).filter((uid) => UUID.test(uid)))].map((uid) => uid.toLowerCase());
  const own = new Set<string>();
  for (let i = 0; i < candidates.length; i += INSERT_CHUNK) {
    const rows = await db
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.workspaceId, workspaceId), inArray(bookings.id, candidates.slice(i, i + INSERT_CHUNK))));
    for (const row of rows) own.add(row.id);
  }
  const unique = new Map<string, StoredBusy>();
  for (const interval of intervals) {
    if (own.has(interval.uid.toLowerCase())) continue;
    const stored = { startMs: interval.startMs, endMs: interval.endMs, uidHash: hashUid(interval.uid) };
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
 */
export async function replaceBusyTimes(
  tx: Tx,
  source: Pick<ExternalCalendarRow, "id" | "workspaceId" | "staffId">,
  next: StoredBusy[],
): Promise<StoredBusy[] | null> {
  const held = (
    await tx
      .select({ startsAt: externalBusyTimes.startsAt, endsAt: externalBusyTimes.endsAt, uidHash: externalBusyTimes.uidHash })
      .from(externalBusyTimes)
      .where(eq(externalBusyTimes.externalCalendarId, source.id))
      .orderBy(asc(externalBusyTimes.startsAt), asc(externalBusyTimes.endsAt))
  )
    .map((row) => ({ startMs: row.startsAt.getTime(), endMs: row.endsAt.getTime(), uidHash: row.uidHash }))
    .sort(compareBusy);
  if (held.length === next.length && held.every((busy, index) => next[index] !== undefined && keyOf(busy) === keyOf(next[index]))) return null;
  const heldKeys = new Set(held.map(keyOf));
  await tx.delete(externalBusyTimes).where(eq(externalBusyTimes.externalCalendarId, source.id));
  for (let i = 0; i < next.length; i += INSERT_CHUNK) {
    await tx.insert(externalBusyTimes).values(
      next.slice(i, i + INSERT_CHUNK).map((busy) => ({
        workspaceId: source.workspaceId,
        staffId: source.staffId,
        externalCalendarId: source.id,
        startsAt: new Date(busy.startMs),
        endsAt: new Date(busy.endMs),
        uidHash: busy.uidHash,
      })),
    );
  }
  return next.filter((busy) => !heldKeys.has(keyOf(busy)));
}
