import { and, eq, gt, lte, notExists, sql } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { bookingReminders, bookings, workspaces } from "@/lib/db/schema";
import { MAX_REMINDER_MINUTES } from "@/lib/workspaces/schemas";
import type { ReminderKey } from "./send-reminder";

/**
 * The reminders owed now, from the workspaces' current settings (so a changed setting applies
 * to bookings already made): confirmed bookings not yet started whose `starts_at −
 * minutes_before` has come and had not passed when their time was fixed, and whose key
 * (booking, minutes_before, starts_at) is not taken. Earliest due first. sendReminder checks
 * each again under lock; this only finds them.
 */
export async function findDueReminders(db: Queryable, now: Date, limit: number): Promise<ReminderKey[]> {
  const settings = db
    .select({
      workspaceId: workspaces.id,
      minutesBefore: sql<number>`(jsonb_array_elements(${workspaces.reminders}) ->> 'minutes_before')::int`.as("minutes_before"),
    })
    .from(workspaces)
    .as("settings");
  // Qualified by hand: drizzle writes a subquery's aliased field unqualified, which inside the
  // NOT EXISTS below would read booking_reminders.minutes_before instead.
  const minutesBefore = sql<number>`${sql.identifier("settings")}.${sql.identifier("minutes_before")}`;
  const nowParam = sql`${now.toISOString()}::timestamptz`;
  const dueAt = sql`(${bookings.startsAt} - make_interval(mins => ${minutesBefore}))`;
  const rows = await db
    .select({ bookingId: bookings.id, minutesBefore, startsAt: bookings.startsAt })
    .from(bookings)
    .innerJoin(settings, eq(settings.workspaceId, bookings.workspaceId))
    .where(
      and(
        eq(bookings.status, "confirmed"),
        gt(bookings.startsAt, now),
        lte(bookings.startsAt, new Date(now.getTime() + MAX_REMINDER_MINUTES * 60_000)),
        sql`${dueAt} <= ${nowParam}`,
        sql`${dueAt} >= coalesce(${bookings.rescheduledAt}, ${bookings.confirmedAt}, ${bookings.createdAt})`,
        notExists(
          db
            .select({ id: bookingReminders.id })
            .from(bookingReminders)
            .where(
              and(
                eq(bookingReminders.bookingId, bookings.id),
                sql`${bookingReminders.minutesBefore} = ${minutesBefore}`,
                eq(bookingReminders.startsAt, bookings.startsAt),
              ),
            ),
        ),
      ),
    )
    .orderBy(dueAt, bookings.id)
    .limit(limit);
  return rows.map((row) => ({ bookingId: row.bookingId, minutesBefore: Number(row.minutesBefore), startsAt: row.startsAt }));
}
