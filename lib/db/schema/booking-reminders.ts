import { integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { bookings } from "./bookings";
import { createdAt, id, instant } from "./columns";
import { workspaces } from "./workspaces";

/**
 * One row per reminder sent: (booking, minutes_before, starts_at) is unique, so whichever
 * driver, instance or retry inserts it first sends the reminder, in the same transaction
 * that queues its messages; every other attempt finds the key taken and sends nothing.
 */
export const bookingReminders = pgTable(
  "booking_reminders",
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id),
    bookingId: uuid()
      .notNull()
      .references(() => bookings.id),
    minutesBefore: integer().notNull(),
    /** The appointment start the reminder was for: a moved booking is reminded of its new time. */
    startsAt: instant().notNull(),
    channels: text().array().notNull(),
    sentAt: instant().notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex().on(t.bookingId, t.minutesBefore, t.startsAt)],
);

export type BookingReminderRow = typeof bookingReminders.$inferSelect;
