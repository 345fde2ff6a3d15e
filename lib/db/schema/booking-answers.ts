import { index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { bookings } from "./bookings";
import { id } from "./columns";

/**
 * A customer's answer, kept as it was asked: the question's label and its place among the
 * questions at booking time. The question may later be renamed, reordered or deleted; the
 * answer still reads as the customer saw it (see docs/business-notifications.md), so
 * `question_id` is a plain reference, not a foreign key.
 */
export const bookingAnswers = pgTable(
  "booking_answers",
  {
    id: id(),
    bookingId: uuid()
      .notNull()
      .references(() => bookings.id),
    questionId: uuid().notNull(),
    /** The question's label when the customer answered it. */
    label: text().notNull(),
    /** 0-based rank among the questions in the business's order when the customer answered. */
    position: integer().notNull(),
    value: text().notNull(),
  },
  (t) => [index().on(t.bookingId)],
);

export type BookingAnswerRow = typeof bookingAnswers.$inferSelect;
