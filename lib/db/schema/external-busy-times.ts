import { sql } from "drizzle-orm";
import { check, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { id, instant } from "./columns";
import { externalCalendars } from "./external-calendars";

/**
 * One busy interval read from an external calendar: only its start, end and a hash of the
 * event's UID (for conflict notices), never a title, place or attendee. Its workspace and
 * calendar are its source's (written from that row only, and the source references both), so
 * only the source is a foreign key: a sync writes thousands of rows at once, and checking two
 * more keys per row cost about a tenth of a 5,000-event sync on the embedded database.
 */
export const externalBusyTimes = pgTable(
  "external_busy_times",
  {
    id: id(),
    workspaceId: uuid().notNull(),
    staffId: uuid().notNull(),
    externalCalendarId: uuid()
      .notNull()
      .references(() => externalCalendars.id, { onDelete: "cascade" }),
    startsAt: instant().notNull(),
    endsAt: instant().notNull(),
    uidHash: text().notNull(),
  },
  (t) => [index().on(t.staffId, t.startsAt), index().on(t.externalCalendarId), check("external_busy_times_range", sql`${t.startsAt} < ${t.endsAt}`)],
);

export type ExternalBusyTimeRow = typeof externalBusyTimes.$inferSelect;
