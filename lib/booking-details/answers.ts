import { asc, inArray } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { bookingAnswers } from "@/lib/db/schema";
import type { BookingAnswer } from "./schemas";

/**
 * A booking's answers as the business reads them (see docs/business-notifications.md): in the
 * order the questions had when the customer answered, each with the label it was asked
 * under, whatever became of the question since. The answers stay with the booking when it
 * is moved (a move keeps the booking's id).
 */
export function toBookingAnswers(answers: readonly { questionId: string; label: string; position: number; value: string }[]): BookingAnswer[] {
  return [...answers].sort((a, b) => a.position - b.position).map((answer) => ({ question_id: answer.questionId, label: answer.label, value: answer.value }));
}

/** The answers of several bookings in one query; a booking without answers maps to []. */
export async function loadBookingAnswers(db: Queryable, bookingIds: readonly string[]): Promise<Map<string, BookingAnswer[]>> {
  const byBooking = new Map<string, BookingAnswer[]>(bookingIds.map((id) => [id, []]));
  if (bookingIds.length === 0) return byBooking;
  const rows = await db
    .select()
    .from(bookingAnswers)
    .where(inArray(bookingAnswers.bookingId, [...bookingIds]))
    .orderBy(asc(bookingAnswers.bookingId), asc(bookingAnswers.position));
  for (const row of rows) byBooking.get(row.bookingId)?.push(...toBookingAnswers([row]));
  return byBooking;
}

/** One booking's answers. */
export async function loadAnswersOf(db: Queryable, bookingId: string): Promise<BookingAnswer[]> {
  return (await loadBookingAnswers(db, [bookingId])).get(bookingId) ?? [];
}
