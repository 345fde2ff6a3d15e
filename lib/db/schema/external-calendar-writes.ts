import { integer, pgTable, primaryKey, uuid } from "drizzle-orm/pg-core";
import { instant } from "./columns";
import { bookings } from "./bookings";
import { externalCalendars } from "./external-calendars";

/**
 * What write-back has put into a CalDAV collection: one event per booking, at the booking's
 * SEQUENCE, or for a group session's booking the session's one event (`sessionId`: the event
 * it was counted in). The background sweep compares it with the calendar's confirmed bookings
 * and puts, replaces or removes events until both agree (see docs/external-calendars.md).
 */
export const externalCalendarWrites = pgTable(
  "external_calendar_writes",
  {
    externalCalendarId: uuid()
      .notNull()
      .references(() => externalCalendars.id, { onDelete: "cascade" }),
    bookingId: uuid()
      .notNull()
      .references(() => bookings.id),
    sequence: integer().notNull(),
    sessionId: uuid(),
    writtenAt: instant().notNull(),
  },
  (t) => [primaryKey({ columns: [t.externalCalendarId, t.bookingId] })],
);

export type ExternalCalendarWriteRow = typeof externalCalendarWrites.$inferSelect;
