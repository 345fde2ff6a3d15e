import { bigint, pgTable, uuid } from "drizzle-orm/pg-core";

/**
 * One row per workspace whose value changes in the same transaction as anything availability
 * reads (services, calendars, their hours and time off, the service–calendar links, bookings),
 * written by deferred triggers (migration 0004). Equal values mean equal data, so an answer
 * computed at one revision may be served again while the revision is unchanged. Each write
 * takes a fresh value from a sequence: a value is never reused, even after a restore or a
 * truncate. A workspace with no row yet is at revision 0.
 */
export const availabilityRevisions = pgTable("availability_revisions", {
  workspaceId: uuid().primaryKey(),
  revision: bigint({ mode: "number" }).notNull(),
});
