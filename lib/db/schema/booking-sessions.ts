import { check, integer, pgTable, uuid } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { instant } from "./columns";
import { services } from "./services";
import { staff } from "./staff";
import { workspaces } from "./workspaces";

/**
 * One session of a group service (capacity above 1): the bookings of that service at one start
 * on one calendar. Its id is derived from (calendar, service, start) (lib/bookings/sessions.ts),
 * so two creates racing for the same start name the same row. `seats_taken` counts the
 * session's live bookings (holds included until they are flipped to `expired`); it is kept by
 * an immediate trigger on `bookings` in the writing statement itself, and the CHECK refuses the
 * seat that would pass the capacity: the database, not a check, keeps a session within its
 * capacity (see docs/group-sessions.md).
 */
export const bookingSessions = pgTable(
  "booking_sessions",
  {
    id: uuid().primaryKey(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id),
    serviceId: uuid()
      .notNull()
      .references(() => services.id),
    staffId: uuid()
      .notNull()
      .references(() => staff.id),
    startsAt: instant().notNull(),
    /** The service's capacity when the last seat was taken (a lowered capacity applies from the next seat). */
    capacity: integer().notNull(),
    seatsTaken: integer().notNull(),
  },
  (t) => [check("booking_sessions_seats_within_capacity", sql`${t.seatsTaken} >= 0 AND ${t.seatsTaken} <= ${t.capacity}`)],
);

export type BookingSessionRow = typeof bookingSessions.$inferSelect;
