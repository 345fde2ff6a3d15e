import { afterEach, describe, expect, it, vi } from "vitest";
import { setConfigForTesting } from "@/lib/config";
import { InngestTestEngine } from "@inngest/test";
import { eq } from "drizzle-orm";
import { bookingReminders, outboxMessages } from "@/lib/db/schema";
import { api } from "@/tests/helpers/api";
import { book, setNow } from "@/tests/helpers/bookings";
import { addService } from "@/tests/helpers/factories";
import { newWorkspace, type TestWorkspace } from "@/tests/helpers/fixtures";
import { currentDb } from "@/tests/helpers/test-db";
import { inngest } from "./inngest-client";
import { remindBooking } from "./inngest-functions";

afterEach(() => {
  vi.restoreAllMocks();
  setConfigForTesting(undefined);
});

/**
 * The Inngest driver of reminders (docs/decisions.md#reminders), run by @inngest/test: one run per confirmed
 * booking time that plans, sleeps until each reminder is due and sends it through the job
 * definition. Every sleep is mocked by its step id and moves the app clock to the moment the
 * function asked to sleep until, as Inngest would.
 */
const db = () => currentDb().db;

async function confirmedBooking(ws: TestWorkspace, startsAt: string) {
  const service = await addService(ws);
  const email = `inngest-${ws.id.slice(0, 8)}@example.com`;
  const created = await book(ws, { service_id: service.id, starts_at: startsAt, customer: { name: "Ada", email } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { id: created.body.id as string, email };
}

function scheduleEvent(bookingId: string, startsAt: string | null, sequence = 0) {
  return { name: "booking/schedule.changed", data: { bookingId, startsAt, sequence } };
}

/** Sleep mocks for the given reminders: each sets the app clock a few seconds past the instant slept until. */
function sleepsUntil(minutes: number[], at: (minutesBefore: number) => string) {
  return minutes.map((minutesBefore) => ({ id: `until-${minutesBefore}`, handler: () => setNow(new Date(Date.parse(at(minutesBefore)) + 5_000)) }));
}

async function reminderEmails(email: string) {
  const rows = await db().select().from(outboxMessages).where(eq(outboxMessages.to, email)).orderBy(outboxMessages.position);
  return rows.filter((row) => row.subject.startsWith("Reminder:"));
}

describe("booking-reminders (Inngest)", () => {
  it("is triggered by a confirmed time and cancelled by any later change of the same booking", () => {
    expect(remindBooking.opts).toMatchObject({
      id: "booking-reminders",
      triggers: [{ event: expect.objectContaining({ name: "booking/schedule.changed" }), if: "event.data.startsAt != null" }],
      cancelOn: [
        {
          event: expect.objectContaining({ name: "booking/schedule.changed" }),
          if: "async.data.bookingId == event.data.bookingId && async.data.sequence > event.data.sequence",
        },
      ],
    });
  });

  it("create, move and cancel each announce the booking's time after commit, with the growing sequence", async () => {
    const ws = await newWorkspace();
    await setNow("2031-03-03T08:00:00Z");
    setConfigForTesting({ inngest: { enabled: true } });
    const send = vi.spyOn(inngest, "send").mockResolvedValue({ ids: [] } as never);
    const booking = await confirmedBooking(ws, "2031-03-05T10:00:00+01:00");
    expect((await api.post(`/v1/bookings/${booking.id}/reschedule`, { key: ws.sk, body: { starts_at: "2031-03-06T10:00:00+01:00" } })).status).toBe(200);
    expect((await api.post(`/v1/bookings/${booking.id}/cancel`, { key: ws.sk, body: {} })).status).toBe(200);
    const events = send.mock.calls
      .flatMap(([payload]) => (Array.isArray(payload) ? payload : [payload]) as { name: string; id?: string; data: unknown }[])
      .filter((event) => event.name === "booking/schedule.changed");
    expect(events.map((event) => event.data)).toEqual([
      { bookingId: booking.id, startsAt: "2031-03-05T09:00:00Z", sequence: 0 },
      { bookingId: booking.id, startsAt: "2031-03-06T09:00:00Z", sequence: 1 },
      { bookingId: booking.id, startsAt: null, sequence: 2 },
    ]);
    expect(new Set(events.map((event) => event.id)).size).toBe(3);
  });

  it("sleeps until each reminder in real elapsed time across a DST change, then sends each once", async () => {
    const ws = await newWorkspace({ timezone: "America/New_York" });
    await api.patch("/v1/workspace", {
      key: ws.sk,
      body: {
        reminders: [
          { minutes_before: 1440, channels: ["email"] },
          { minutes_before: 10080, channels: ["email"] },
        ],
      },
    });
    await setNow("2031-03-01T12:00:00Z");
    // Sunday 9 March 2031 12:00 EDT; the clocks went forward that morning.
    const booking = await confirmedBooking(ws, "2031-03-09T12:00:00-04:00");
    const due = { 10080: "2031-03-02T16:00:00.000Z", 1440: "2031-03-08T16:00:00.000Z" } as Record<number, string>;

    const t = new InngestTestEngine({ function: remindBooking });
    const { result, ctx } = await t.execute({
      events: [scheduleEvent(booking.id, "2031-03-09T16:00:00Z")],
      steps: sleepsUntil([10080, 1440], (minutes) => due[minutes]!),
    });
    expect(ctx.step.sleepUntil).toHaveBeenNthCalledWith(1, "until-10080", due[10080]);
    expect(ctx.step.sleepUntil).toHaveBeenNthCalledWith(2, "until-1440", due[1440]);
    expect(result).toEqual([
      { outcome: "sent", channels: ["email"], minutesBefore: 10080 },
      { outcome: "sent", channels: ["email"], minutesBefore: 1440 },
    ]);
    expect(await reminderEmails(booking.email)).toHaveLength(2);

    // A retry of the whole run (or the cron backstop first) sends nothing more.
    const again = new InngestTestEngine({ function: remindBooking });
    const { result: repeated } = await again.execute({
      events: [scheduleEvent(booking.id, "2031-03-09T16:00:00Z")],
      steps: sleepsUntil([10080, 1440], (minutes) => due[minutes]!),
    });
    expect(repeated).toEqual([
      { outcome: "already_sent", minutesBefore: 10080 },
      { outcome: "already_sent", minutesBefore: 1440 },
    ]);
    expect(await reminderEmails(booking.email)).toHaveLength(2);
  });

  it("plans no sleep for a reminder whose moment had passed at confirmation", async () => {
    const ws = await newWorkspace();
    await api.patch("/v1/workspace", {
      key: ws.sk,
      body: {
        reminders: [
          { minutes_before: 1440, channels: ["email"] },
          { minutes_before: 60, channels: ["email"] },
        ],
      },
    });
    await setNow("2031-03-05T05:00:00Z");
    const booking = await confirmedBooking(ws, "2031-03-05T10:00:00+01:00");
    const t = new InngestTestEngine({ function: remindBooking });
    const { result, ctx } = await t.execute({
      events: [scheduleEvent(booking.id, "2031-03-05T09:00:00Z")],
      steps: sleepsUntil([60, 1440], (minutes) => new Date(Date.parse("2031-03-05T09:00:00Z") - minutes * 60_000).toISOString()),
    });
    expect(ctx.step.sleepUntil).toHaveBeenCalledTimes(1);
    expect(ctx.step.sleepUntil).toHaveBeenCalledWith("until-60", "2031-03-05T08:00:00.000Z");
    expect(result).toEqual([{ outcome: "sent", channels: ["email"], minutesBefore: 60 }]);
  });

  it("a run for a time the booking no longer has (moved or cancelled meanwhile) sleeps for nothing and sends nothing", async () => {
    const ws = await newWorkspace();
    await setNow("2031-03-03T08:00:00Z");
    const booking = await confirmedBooking(ws, "2031-03-05T10:00:00+01:00");
    const moved = await api.post(`/v1/bookings/${booking.id}/reschedule`, { key: ws.sk, body: { starts_at: "2031-03-06T10:00:00+01:00" } });
    expect(moved.status).toBe(200);
    const stale = new InngestTestEngine({ function: remindBooking });
    const { result, ctx } = await stale.execute({
      events: [scheduleEvent(booking.id, "2031-03-05T09:00:00Z", 0)],
      steps: sleepsUntil([1440], () => "2031-03-04T09:00:00Z"),
    });
    expect(result).toEqual([]);
    expect(ctx.step.sleepUntil).not.toHaveBeenCalled();

    // The run the move started (sequence 1) reminds of the new time.
    const fresh = new InngestTestEngine({ function: remindBooking });
    const { result: sent } = await fresh.execute({
      events: [scheduleEvent(booking.id, "2031-03-06T09:00:00Z", 1)],
      steps: sleepsUntil([1440], () => "2031-03-05T09:00:00Z"),
    });
    expect(sent).toEqual([{ outcome: "sent", channels: ["email"], minutesBefore: 1440 }]);
    const [reminder] = await reminderEmails(booking.email);
    expect(reminder!.text).toContain("When: Thursday 6 March 2031, 10:00–11:00 (Paris time)");

    // Cancelled while a run slept (its cancelOn missed, say): the send step finds nothing owed.
    await setNow("2031-03-04T08:00:00Z");
    const sleeping = new InngestTestEngine({ function: remindBooking });
    const { result: skipped } = await sleeping.execute({
      events: [scheduleEvent(booking.id, "2031-03-06T09:00:00Z", 1)],
      steps: [
        { id: "until-1440", handler: async () => expect((await api.post(`/v1/bookings/${booking.id}/cancel`, { key: ws.sk, body: {} })).status).toBe(200) },
      ],
    });
    expect(skipped).toEqual([{ outcome: "skipped", minutesBefore: 1440 }]);
    const keys = await db().select().from(bookingReminders).where(eq(bookingReminders.bookingId, booking.id));
    expect(keys).toHaveLength(1);
  });

  it("a send step woken before its moment on the app clock sends nothing (the sweep sends it later)", async () => {
    const ws = await newWorkspace();
    await setNow("2031-03-03T08:00:00Z");
    const booking = await confirmedBooking(ws, "2031-03-05T10:00:00+01:00");
    const t = new InngestTestEngine({ function: remindBooking });
    const { result } = await t.execute({
      events: [scheduleEvent(booking.id, "2031-03-05T09:00:00Z")],
      steps: [{ id: "until-1440", handler: () => undefined }],
    });
    expect(result).toEqual([{ outcome: "not_due", minutesBefore: 1440 }]);
    expect(await reminderEmails(booking.email)).toHaveLength(0);
  });
});
