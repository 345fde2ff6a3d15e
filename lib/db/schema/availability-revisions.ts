import { bigint, jsonb, pgTable, uuid } from "drizzle-orm/pg-core";

/**
 * One row per workspace, written by deferred triggers in the transaction that changes what
 * availability reads (migrations 0004, 0020), at two grains:
 *
 * - `revision` moves with what every calendar of a service depends on: services, calendars,
 *   the service–calendar links, questions;
 * - `calendars` (calendar id → revision) moves one calendar's value with what only that
 *   calendar's slots depend on: its bookings (seats of a class included), weekly hours, time
 *   off and external busy times.
 *
 * - `changes` (calendar id → its last moves) says what each of a calendar's last four moves
 *   touched: `[since, revision, from, to, added, revision, from, to, added, …]`, every move
 *   after the revision `since` in the order they were written, each with the hull of the times
 *   its row occupied before and after (epoch µs; null, null for all time: weekly hours, or two
 *   rows or more of the calendar in one transaction) and whether it only added busy time for
 *   good (1, else 0). A cached part of a calendar's slots then renews only the starts its moves
 *   can touch (migration 0025). Read only for a stale part, never with the key.
 *
 * Equal values mean equal data, so what was computed at one revision may be served again while
 * it is unchanged (lib/cache/cache.ts). Every value comes from one sequence and is never reused,
 * even after a restore or a truncate. A workspace with no row is at revision 0, a calendar with
 * no entry at 0.
 */
export const availabilityRevisions = pgTable("availability_revisions", {
  workspaceId: uuid().primaryKey(),
  revision: bigint({ mode: "number" }).notNull(),
  calendars: jsonb().$type<Record<string, number>>().notNull().default({}),
  changes: jsonb().$type<Record<string, (number | null)[]>>().notNull().default({}),
});
