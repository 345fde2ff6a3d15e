import { index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { bookings } from "./bookings";
import { id } from "./columns";
import { questions } from "./questions";

export const bookingAnswers = pgTable(
  "booking_answers",
  {
    id: id(),
    bookingId: uuid()
      .notNull()
      .references(() => bookings.id),
    questionId: uuid()
      .notNull()
      .references(() => questions.id),
    value: text().notNull(),
  },
  (t) => [index().on(t.bookingId)],
);

export type BookingAnswerRow = typeof bookingAnswers.$inferSelect;
