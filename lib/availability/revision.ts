import { eq, sql } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { availabilityRevisions } from "@/lib/db/schema";

/**
 * What a request read of the workspace's availability revisions, before any data
 * (lib/db/schema/availability-revisions.ts): the workspace's, which moves with what every
 * calendar depends on, and each calendar's, which moves with what only that calendar's slots
 * depend on (its bookings, hours, time off, external busy times).
 */
export type AvailabilityRevision = { workspace: number; calendars: Readonly<Record<string, number>> };

export const NO_REVISION: AvailabilityRevision = { workspace: 0, calendars: {} };

/** A calendar's revision as cache entries carry it (lib/cache/cache.ts): 0 until its first change. */
export function calendarRevision(revision: AvailabilityRevision, staffId: string): string {
  return String(revision.calendars[staffId] ?? 0);
}

/** The row's two columns as the authentication statement reads them (bigint and jsonb, as text or parsed). */
export function toAvailabilityRevision(workspace: unknown, calendars: unknown): AvailabilityRevision {
  const parsed = typeof calendars === "string" ? (JSON.parse(calendars) as Record<string, number>) : ((calendars ?? {}) as Record<string, number>);
  return { workspace: workspace === null || workspace === undefined ? 0 : Number(workspace), calendars: parsed };
}

/**
 * A stretch of real time a calendar's move touched, epoch ms (all time: -Infinity to Infinity),
 * rounded outwards as the availability loader rounds; `added`: the move only made that stretch
 * busy for good (an insert of a confirmed booking, time off or an external busy time).
 */
export type CalendarChange = { fromMs: number; toMs: number; added: boolean };

/** Calendars' lists of their last moves, as the row's `changes` holds them (lib/db/schema/availability-revisions.ts). */
export type CalendarMoves = Readonly<Record<string, (number | null)[]>>;

/**
 * What moved a calendar from revision `since` to its revision in `revision`, in order, from
 * its list in `moves` (readCalendarMoves); undefined when the list does not reach back to
 * `since` (it keeps the last few moves) or not up to `revision` (read at another instant), so
 * every time must count as changed.
 */
export function changesSince(moves: CalendarMoves, revision: AvailabilityRevision, staffId: string, since: string): CalendarChange[] | undefined {
  const log = moves[staffId];
  if (!log || log.length < 5 || String(log[log.length - 4]) !== calendarRevision(revision, staffId)) return undefined;
  let at = String(log[0]) === since ? 1 : -1;
  for (let i = 1; at < 0 && i < log.length; i += 4) if (String(log[i]) === since) at = i + 4;
  if (at < 0) return undefined;
  const changes: CalendarChange[] = [];
  for (let i = at; i + 3 < log.length; i += 4) {
    const from = log[i + 1];
    const to = log[i + 2];
    changes.push(
      typeof from === "number" && typeof to === "number"
        ? { fromMs: Math.floor(from / 1000), toMs: Math.ceil(to / 1000), added: log[i + 3] === 1 }
        : { fromMs: -Infinity, toMs: Infinity, added: false },
    );
  }
  return changes;
}

/** The workspace's revisions, for a caller that has not read them with its key. */
export async function readAvailabilityRevision(db: Queryable, workspaceId: string): Promise<AvailabilityRevision> {
  const [row] = await db
    .select({ revision: availabilityRevisions.revision, calendars: availabilityRevisions.calendars })
    .from(availabilityRevisions)
    .where(eq(availabilityRevisions.workspaceId, workspaceId));
  return row ? toAvailabilityRevision(row.revision, row.calendars) : NO_REVISION;
}

/**
 * The lists of moves of `staffIds` (changesSince), read only when a cached part is stale: the
 * authentication statement reads the revisions alone, so a request that finds its answer cached
 * never carries them.
 */
export async function readCalendarMoves(db: Queryable, workspaceId: string, staffIds: readonly string[]): Promise<CalendarMoves> {
  if (staffIds.length === 0) return {};
  const picked = sql.join(
    staffIds.map((id) => sql`${id}::text, ${availabilityRevisions.changes} -> ${id}::text`),
    sql`, `,
  );
  const [row] = await db
    .select({ moves: sql<string | null>`jsonb_strip_nulls(jsonb_build_object(${picked}))::text` })
    .from(availabilityRevisions)
    .where(eq(availabilityRevisions.workspaceId, workspaceId));
  return row?.moves ? (JSON.parse(row.moves) as CalendarMoves) : {};
}
