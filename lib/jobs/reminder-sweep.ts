import { findDueReminders } from "@/lib/reminders/find-due-reminders";
import { sendReminderJob } from "./definitions/send-reminder";
import type { DueWorkSweep } from "./types";

/**
 * The in-process driver of reminders (and the Inngest cron backstop): every due reminder on
 * the app clock, each through the job definition. Two runners may find the same one; its
 * unique key lets only the first send it.
 */
export const reminderSweep: DueWorkSweep = {
  name: "reminders",
  async run(ctx, { limit }) {
    const due = await findDueReminders(ctx.db, ctx.clock.now(), limit);
    for (const key of due) {
      await sendReminderJob.run(ctx, { bookingId: key.bookingId, minutesBefore: key.minutesBefore, startsAt: key.startsAt.toISOString() });
    }
    return due.length;
  },
};
