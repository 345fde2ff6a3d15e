import { primaryKey, pgTable, uuid } from "drizzle-orm/pg-core";
import { createdAt, instant } from "./columns";
import { bookings } from "./bookings";
import { externalCalendars } from "./external-calendars";

/** booking.external_conflict is announced once per booking and busy interval: the key says it was. */
export const externalConflicts = pgTable(
  "external_conflicts",
  {
    bookingId: uuid()
      .notNull()
      .references(() => bookings.id),
    externalCalendarId: uuid()
      .notNull()
      .references(() => externalCalendars.id, { onDelete: "cascade" }),
    startsAt: instant().notNull(),
    endsAt: instant().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.bookingId, t.externalCalendarId, t.startsAt, t.endsAt] })],
);
