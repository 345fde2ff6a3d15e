import { bigint, jsonb, pgTable, uuid } from "drizzle-orm/pg-core";

/**
 * One row per workspace, written by deferred triggers in the transaction that changes what
 * availability reads (migrations 0004, 0020, and the one that dropped `changes`), at two grains:
 *
 * - `revision` moves with what every calendar of a service depends on: services, calendars,
 *   the service–calendar links, questions;
 * - `calendars` (calendar id → revision) moves one calendar's value with what only that
 *   calendar's slots depend on: its bookings (seats of a class included), weekly hours, time
 *   off and external busy times.
 *

 * A calendar's revision says only that something of it moved, not what: a cached part of its
 * slots whose revision is not the current one is computed again whole.
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
});
