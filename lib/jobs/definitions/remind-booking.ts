import { z } from "zod";
import { findDueReminders } from "@/lib/reminders/find-due-reminders";
import { loadReminderPlan } from "@/lib/reminders/load-reminder-plan";
import { sendReminder } from "@/lib/reminders/send-reminder";
import { defineEventJob, defineJobStep } from "../define-job";
import { bookingScheduleChanged } from "../events";
import type { DueWorkSweep } from "@/lib/context";

/**
 * One reminder of one booking time (docs/decisions.md#reminders), the step the job and its
 * sweep share; idempotent on its (booking, minutes_before, starts_at) key.
 */
export const sendReminderStep = defineJobStep(
  z.object({
    bookingId: z.uuid(),
    minutesBefore: z.number().int().positive(),
    startsAt: z.iso.datetime({ offset: true }),
  }),
  (ctx, key) => sendReminder(ctx, { bookingId: key.bookingId, minutesBefore: key.minutesBefore, startsAt: new Date(key.startsAt) }),
);

/**
 * The backstop of booking-reminders (the in-process runner's driver, and the Inngest cron's):
 * every due reminder on the app clock, each through the same step. Two runners may find the
 * same one; its unique key lets only the first send it.
 */
export const reminderSweep: DueWorkSweep = {
  name: "reminders",
  async run(ctx, { limit }) {
    const due = await findDueReminders(ctx.db, ctx.clock.now(), limit);
    for (const key of due) {
      await sendReminderStep(ctx, { bookingId: key.bookingId, minutesBefore: key.minutesBefore, startsAt: key.startsAt.toISOString() });
    }
    return due.length;
  },
};

/**
 * Reminders on Inngest (docs/decisions.md#reminders): one run per confirmed booking time. It
 * plans the reminders once, then sleeps until each is due and sends it through the step above.
 * Any later change of the booking (a move or a cancellation carries a higher sequence) cancels
 * the sleeping run; a move starts a new run for the new time. The step re-checks everything
 * under the booking's lock and its unique key absorbs a repeat by the sweep.
 */
export const remindBookingJob = defineEventJob({
  id: "booking-reminders",
  trigger: {
    event: bookingScheduleChanged,
    if: "event.data.startsAt != null",
    cancelOn: { event: bookingScheduleChanged, if: "async.data.bookingId == event.data.bookingId && async.data.sequence > event.data.sequence" },
  },
  retries: 3,
  sweep: reminderSweep,
  handler: async ({ payload, io, loadContext }) => {
    const startsAt = payload.startsAt;
    if (startsAt === null) return [];
    const plan = await io.run("plan", async () => {
      const { db } = await loadContext();
      const planned = await loadReminderPlan(db, { bookingId: payload.bookingId, startsAt: new Date(startsAt) });
      return planned.map((reminder) => ({ minutesBefore: reminder.minutesBefore, dueAt: reminder.dueAt.toISOString() }));
    });
    const outcomes = [];
    for (const reminder of plan) {
      await io.sleepUntil(`until-${reminder.minutesBefore}`, reminder.dueAt);
      const step = { bookingId: payload.bookingId, minutesBefore: reminder.minutesBefore, startsAt };
      outcomes.push(
        await io.run(`send-${reminder.minutesBefore}`, async () => ({
          ...(await sendReminderStep(await loadContext(), step)),
          minutesBefore: reminder.minutesBefore,
        })),
      );
    }
    return outcomes;
  },
});
