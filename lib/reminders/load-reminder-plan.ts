import { eq } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { bookings, workspaces } from "@/lib/db/schema";
import { planReminders, type PlannedReminder } from "./reminder-times";

/**
 * For the Inngest function of one booking time: the reminders it should sleep towards, or
 * none when the booking is no longer confirmed at that start (a later event re-plans).
 */
export async function loadReminderPlan(db: Queryable, input: { bookingId: string; startsAt: Date }): Promise<PlannedReminder[]> {
  const [row] = await db
    .select({ booking: bookings, reminders: workspaces.reminders })
    .from(bookings)
    .innerJoin(workspaces, eq(workspaces.id, bookings.workspaceId))
    .where(eq(bookings.id, input.bookingId));
  if (!row || row.booking.status !== "confirmed" || row.booking.startsAt.getTime() !== input.startsAt.getTime()) return [];
  return planReminders(row.booking, row.reminders);
}
