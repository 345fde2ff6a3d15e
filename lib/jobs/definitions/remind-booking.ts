import { loadReminderPlan } from "@/lib/reminders/load-reminder-plan";
import { defineEventJob } from "../define-job";
import { bookingScheduleChanged } from "../events";
import { sendReminderJob } from "./send-reminder";

/**
 * DECISIONS §11 on Inngest: one run per confirmed booking time. It plans the reminders once,
 * then sleeps until each is due and sends it through the send-reminder step. Any later change
 * of the booking (a move or a cancellation carries a higher sequence) cancels the sleeping
 * run; a move starts a new run for the new time. The send step re-checks everything under the
 * booking's lock and its unique key absorbs a repeat by the cron backstop's reminder sweep.
 */
export const remindBookingJob = defineEventJob({
  id: "booking-reminders",
  trigger: {
    event: bookingScheduleChanged,
    if: "event.data.startsAt != null",
    cancelOn: { event: bookingScheduleChanged, if: "async.data.bookingId == event.data.bookingId && async.data.sequence > event.data.sequence" },
  },
  retries: 3,
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
          ...(await sendReminderJob.run(await loadContext(), step)),
          minutesBefore: reminder.minutesBefore,
        })),
      );
    }
    return outcomes;
  },
});
