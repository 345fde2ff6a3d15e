import { z } from "zod";
import { sendReminder } from "@/lib/reminders/send-reminder";
import { defineJob } from "./define-job";

/** DECISIONS §11: one reminder of one booking time; idempotent on its (booking, minutes_before, starts_at) key. */
export const sendReminderJob = defineJob({
  id: "send-reminder",
  payload: z.object({
    bookingId: z.uuid(),
    minutesBefore: z.number().int().positive(),
    startsAt: z.iso.datetime({ offset: true }),
  }),
  handler: (ctx, payload) => sendReminder(ctx, { bookingId: payload.bookingId, minutesBefore: payload.minutesBefore, startsAt: new Date(payload.startsAt) }),
});
