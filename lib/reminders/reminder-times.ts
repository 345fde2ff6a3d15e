import type { ReminderSetting } from "@/lib/db/schema";

export type PlannedReminder = { minutesBefore: number; channels: ReminderSetting["channels"]; dueAt: Date };

type BookingTimes = { startsAt: Date; confirmedAt: Date | null; rescheduledAt: Date | null; createdAt: Date };

/**
 * The instant the booking's current time was fixed: its last move, else its confirmation.
 * docs/decisions.md#reminders: a reminder whose moment had already passed then is skipped.
 */
export function remindersCountFrom(booking: BookingTimes): Date {
  return booking.rescheduledAt ?? booking.confirmedAt ?? booking.createdAt;
}

/**
 * When each configured reminder of a confirmed booking falls due: `minutes_before` real
 * elapsed minutes before the start (plain instant arithmetic, so a daylight-saving change
 * in between never shifts it), without those whose moment had passed when the time was
 * fixed. Earliest first.
 */
export function planReminders(booking: BookingTimes, settings: readonly ReminderSetting[]): PlannedReminder[] {
  const from = remindersCountFrom(booking).getTime();
  return settings
    .map((setting) => ({
      minutesBefore: setting.minutes_before,
      channels: setting.channels,
      dueAt: new Date(booking.startsAt.getTime() - setting.minutes_before * 60_000),
    }))
    .filter((reminder) => reminder.dueAt.getTime() >= from)
    .sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime());
}
