import { getDb } from "@/lib/db/client";
import { expireHold } from "@/lib/bookings/expire-hold";
import { loadClock } from "@/lib/time/clock";
import { toUtcIsoOrNull } from "@/lib/time/zoned";
import { attemptDelivery, MAX_DELIVERY_ATTEMPTS } from "@/lib/webhooks/attempt-delivery";
import { loadReminderPlan } from "@/lib/reminders/load-reminder-plan";
import { sendReminderJob } from "./definitions/send-reminder";
import { BookingScheduleChangedData, bookingHoldPlaced, bookingHoldSettled, bookingScheduleChanged, inngest, webhookDeliveryRequested } from "./inngest-client";
import { jobContext } from "@/lib/context";
import { runDueWork } from "./run-due-work";

/** step.sleep spellings of the spec's waits after attempts 1–4 (RETRY_WAITS_MS). */
export const RETRY_SLEEPS = ["1m", "30m", "2h", "6h"] as const;

/** Each step reads the app's database and its one clock, like every other driver, as the system. */
async function loadJobContext(job: string) {
  const db = await getDb();
  return jobContext({ db, clock: await loadClock(db) }, job);
}

/**
 * One run per delivery (idempotent on its id). Each attempt is its own step and never
 * throws on a receiver's failure, so Inngest's retries only cover our own infrastructure
 * errors and a memoised attempt is never sent twice; step.sleep spaces the attempts. The
 * database row stays the source of truth: an attempt that finds the row not due (the cron
 * backstop got there first) sends nothing, and one that finds it finished ends the run.
 */
export const deliverWebhook = inngest.createFunction(
  {
    id: "deliver-webhook",
    triggers: [webhookDeliveryRequested],
    idempotency: "event.data.deliveryId",
    concurrency: { key: "event.data.endpointId", limit: 5 },
    retries: 2,
  },
  async ({ event, step }) => {
    for (let attempt = 1; ; attempt++) {
      const result = await step.run(`attempt-${attempt}`, async () => {
        const { db, clock } = await loadJobContext("deliver-webhook");
        return attemptDelivery(db, event.data.deliveryId, clock);
      });
      if (result.done || attempt >= MAX_DELIVERY_ATTEMPTS) return result;
      await step.sleep(`wait-${attempt}`, RETRY_SLEEPS[attempt - 1]!);
    }
  },
);

/**
 * Sleeps until a hold lapses, then runs the guarded expiry step; a settled hold (confirmed,
 * cancelled) cancels the sleeping run. Lazy expiry and the cron backstop keep holds correct
 * even when this never runs.
 */
export const expireHoldWhenDue = inngest.createFunction(
  {
    id: "expire-hold",
    triggers: [bookingHoldPlaced],
    cancelOn: [{ event: bookingHoldSettled, match: "data.bookingId" }],
    retries: 3,
  },
  async ({ event, step }) => {
    await step.sleepUntil("until-hold-expiry", event.data.holdExpiresAt);
    return step.run("expire", async () => {
      const { db, clock } = await loadJobContext("expire-hold");
      const result = await expireHold(db, event.data.bookingId, clock.now());
      return { expired: result.expired, nextDueAt: toUtcIsoOrNull(result.nextDueAt) };
    });
  },
);

/**
 * DECISIONS §11 on Inngest: one run per confirmed booking time. It plans the reminders once,
 * then sleeps until each is due and sends it through the job definition. Any later change of
 * the booking (a move or a cancellation carries a higher sequence) cancels the sleeping run;
 * a move starts a new run for the new time. The send step re-checks everything under the
 * booking's lock and its unique key absorbs a repeat by the cron backstop.
 */
export const remindBooking = inngest.createFunction(
  {
    id: "booking-reminders",
    triggers: [{ event: bookingScheduleChanged, if: "event.data.startsAt != null" }],
    cancelOn: [{ event: bookingScheduleChanged, if: "async.data.bookingId == event.data.bookingId && async.data.sequence > event.data.sequence" }],
    retries: 3,
  },
  async ({ event, step }) => {
    const data = BookingScheduleChangedData.parse(event.data);
    if (!data.startsAt) return [];
    const startsAt = data.startsAt;
    const plan = await step.run("plan", async () => {
      const { db } = await loadJobContext("booking-reminders");
      const planned = await loadReminderPlan(db, { bookingId: data.bookingId, startsAt: new Date(startsAt) });
      return planned.map((reminder) => ({ minutesBefore: reminder.minutesBefore, dueAt: reminder.dueAt.toISOString() }));
    });
    const outcomes = [];
    for (const reminder of plan) {
      await step.sleepUntil(`until-${reminder.minutesBefore}`, reminder.dueAt);
      const payload = { bookingId: data.bookingId, minutesBefore: reminder.minutesBefore, startsAt };
      outcomes.push(await step.run(`send-${reminder.minutesBefore}`, async () => ({ ...(await sendReminderJob.run(await loadJobContext("booking-reminders"), payload)), minutesBefore: reminder.minutesBefore })));
    }
    return outcomes;
  },
);

/**
 * The backstop: every minute, everything due on the app clock (deliveries whose event was
 * lost or whose endpoint came back, lapsed holds, unsent messages), with the same sweeps as
 * the in-process runner. Claims keep it from double-sending alongside deliverWebhook.
 */
export const runDueWorkBackstop = inngest.createFunction(
  { id: "run-due-work", triggers: [{ cron: "* * * * *" }], concurrency: { limit: 1 }, retries: 1 },
  async ({ step }) =>
    step.run("run-due-work", async () => {
      return runDueWork(await loadJobContext("run-due-work"));
    }),
);

export const INNGEST_FUNCTIONS = [deliverWebhook, expireHoldWhenDue, remindBooking, runDueWorkBackstop];
