import { and, eq } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { bookingReminders, bookings, workspaces } from "@/lib/db/schema";
import { queueBookingMessages } from "@/lib/notifications/queue-booking-messages";
import type { JobContext } from "@/lib/context";
import { withTransaction } from "@/lib/db/transaction";
import { planReminders } from "./reminder-times";

export type ReminderKey = { bookingId: string; minutesBefore: number; startsAt: Date };

export type ReminderOutcome =
  /** Queued now, on these channels. */
  | { outcome: "sent"; channels: ("email" | "sms")[] }
  /** Another driver, instance or retry sent this (booking, minutes_before, starts_at) already. */
  | { outcome: "already_sent" }
  /** Its moment has not come on the app clock (an early wake-up); a later run sends it. */
  | { outcome: "not_due" }
  /** Never to be sent: the booking is not confirmed, moved, started, or the setting is gone or was too late. */
  | { outcome: "skipped" };

/**
 * The one step that sends a reminder (docs/decisions.md#reminders), for both drivers. Under the booking's
 * row lock (so a cancel or a move is either wholly before or wholly after it) it checks that
 * the reminder is still owed, then inserts its unique key and queues the messages in the same
 * transaction: the key, not a check, makes it at most once across instances and retries.
 */
export async function sendReminder(ctx: JobContext, key: ReminderKey): Promise<ReminderOutcome> {
  return withTransaction(ctx, async (tx) => {
    const now = ctx.clock.now();
    const [row] = await tx
      .select({ booking: bookings, reminders: workspaces.reminders })
      .from(bookings)
      .innerJoin(workspaces, eq(workspaces.id, bookings.workspaceId))
      .where(eq(bookings.id, key.bookingId))
      .for("update", { of: bookings });
    if (!row) return { outcome: "skipped" };
    const { booking } = row;
    if (booking.status !== "confirmed" || booking.startsAt.getTime() !== key.startsAt.getTime()) return { outcome: "skipped" };
    if (booking.startsAt.getTime() <= now.getTime()) return { outcome: "skipped" };
    const planned = planReminders(booking, row.reminders).find((reminder) => reminder.minutesBefore === key.minutesBefore);
    if (!planned) return { outcome: "skipped" };
    if (planned.dueAt.getTime() > now.getTime()) return { outcome: "not_due" };

    if (!(await claimReminder(tx, { ...key, workspaceId: booking.workspaceId, now }))) return { outcome: "already_sent" };
    const channels = await queueBookingMessages(tx, { kind: "reminder", bookingId: booking.id, channels: planned.channels, now });
    await tx
      .update(bookingReminders)
      .set({ channels })
      .where(
        and(eq(bookingReminders.bookingId, key.bookingId), eq(bookingReminders.minutesBefore, key.minutesBefore), eq(bookingReminders.startsAt, key.startsAt)),
      );
    return { outcome: "sent", channels };
  });
}

/** Inserts the reminder's key; false when it exists (a concurrent insert waits for the first to commit). */
async function claimReminder(tx: Queryable, input: ReminderKey & { workspaceId: string; now: Date }): Promise<boolean> {
  const inserted = await tx
    .insert(bookingReminders)
    .values({
      workspaceId: input.workspaceId,
      bookingId: input.bookingId,
      minutesBefore: input.minutesBefore,
      startsAt: input.startsAt,
      channels: [],
      sentAt: input.now,
      createdAt: input.now,
    })
    .onConflictDoNothing()
    .returning({ id: bookingReminders.id });
  return inserted.length > 0;
}
