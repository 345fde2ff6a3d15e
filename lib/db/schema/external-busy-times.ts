import { sql } from "drizzle-orm";
import { check, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { id, instant } from "./columns";
import { externalCalendars } from "./external-calendars";
import { staff } from "./staff";
import { workspaces } from "./workspaces";

/**
 * One busy interval read from an external calendar: only its start, end and a hash of the
 * event's UID (for conflict notices), never a title, place or attendee.
 */
export const externalBusyTimes = pgTable(
  "external_busy_times",
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id),
    staffId: uuid()
      .notNull()
      .references(() => staff.id),
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
