import { afterEach, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { jobContext } from "@/lib/context";
import { bookingReminders, outboxMessages } from "@/lib/db/schema";
import { runDueWork } from "@/lib/jobs/run-due-work";
import { sendReminderStep } from "@/lib/jobs/definitions/remind-booking";
import { setMessageTransportsForTesting } from "@/lib/notifications/transports";
import { loadClock } from "@/lib/time/clock";
import { api } from "../helpers/api";
import { book, setNow } from "../helpers/bookings";
import { addService } from "../helpers/factories";
import { expectError, newWorkspace, type TestWorkspace } from "../helpers/fixtures";
import { findPart, parseMime } from "../helpers/mime";
import { captureMailer, runJobs } from "../helpers/outbox";
import { currentDb } from "../helpers/test-db";

afterEach(() => setMessageTransportsForTesting(undefined));

const db = () => currentDb().db;

async function setReminders(ws: TestWorkspace, reminders: unknown, extra: Record<string, unknown> = {}) {
  const response = await api.patch("/v1/workspace", { key: ws.sk, body: { reminders, ...extra } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body;
}

/** A confirmed booking made over the API (the secret key books confirmed). */
async function bookAt(ws: TestWorkspace, serviceId: string, startsAt: string, customer: Record<string, unknown> = {}) {
  const email = `remind-${ws.id.slice(0, 8)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const created = await book(ws, { service_id: serviceId, starts_at: startsAt, customer: { name: "Ada Lovelace", email, ...customer } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  expect(created.body.status).toBe("confirmed");
  return { id: created.body.id as string, token: created.body.access_token as string, email: (customer.email as string | undefined) ?? email };
}

async function remindersTo(to: string) {
  return db()
    .select()
    .from(outboxMessages)
    .where(and(eq(outboxMessages.to, to)))
    .orderBy(outboxMessages.position)
    .then((rows) => rows.filter((row) => row.subject.startsWith("Reminder:") || row.text.startsWith("Reminder:")));
}

async function keysOf(bookingId: string) {
  return db().select().from(bookingReminders).where(eq(bookingReminders.bookingId, bookingId)).orderBy(bookingReminders.createdAt);
}

describe("reminders setting (GET/PATCH /v1/workspace)", () => {
  it("a new workspace reminds by email a day before; PATCH replaces the list and [] turns reminders off", async () => {
    const ws = await newWorkspace();
    expect((await api.get("/v1/workspace", { key: ws.sk })).body.reminders).toEqual([{ minutes_before: 1440, channels: ["email"] }]);
    const three = [
      { minutes_before: 10080, channels: ["email"] },
      { minutes_before: 30, channels: ["sms", "email"] },
      { minutes_before: 120, channels: ["sms"] },
    ];
    expect((await setReminders(ws, three)).reminders).toEqual(three);
    expect((await api.get("/v1/workspace", { key: ws.sk })).body.reminders).toEqual(three);
    // Another field's PATCH keeps them.
    expect((await api.patch("/v1/workspace", { key: ws.sk, body: { name: "Renamed" } })).body.reminders).toEqual(three);
    expect((await setReminders(ws, [])).reminders).toEqual([]);
  });

  const refusals: [string, unknown, string][] = [
    ["four reminders", [30, 60, 90, 120].map((minutes_before) => ({ minutes_before, channels: ["email"] })), "reminders"],
    ["29 minutes", [{ minutes_before: 29, channels: ["email"] }], "reminders.0.minutes_before"],
    ["10081 minutes", [{ minutes_before: 10081, channels: ["email"] }], "reminders.0.minutes_before"],
    ["a fraction of a minute", [{ minutes_before: 60.5, channels: ["email"] }], "reminders.0.minutes_before"],
    ["minutes as a string", [{ minutes_before: "60", channels: ["email"] }], "reminders.0.minutes_before"],
    ["no channel", [{ minutes_before: 60, channels: [] }], "reminders.0.channels"],
    ["an unknown channel", [{ minutes_before: 60, channels: ["fax"] }], "reminders.0.channels.0"],
    ["a repeated channel", [{ minutes_before: 60, channels: ["email", "email"] }], "reminders.0.channels"],
    [
      "two at the same minutes_before",
      [
        { minutes_before: 60, channels: ["email"] },
        { minutes_before: 60, channels: ["sms"] },
      ],
      "reminders.1.minutes_before",
    ],
    ["null", null, "reminders"],
    ["an object", { minutes_before: 60, channels: ["email"] }, "reminders"],
  ];
  for (const [label, reminders, param] of refusals) {
    it(`refuses ${label} with 422 naming ${param}, changing nothing`, async () => {
      const ws = await newWorkspace();
      expectError(await api.patch("/v1/workspace", { key: ws.sk, body: { reminders } }), 422, "validation_failed", param);
      expect((await api.get("/v1/workspace", { key: ws.sk })).body.reminders).toEqual([{ minutes_before: 1440, channels: ["email"] }]);
    });
  }
});

describe("reminders sent by the in-process runner's sweep", () => {
  it("go once at starts_at − minutes_before with the service, both zones, the calendar, contact, address and manage link", async () => {
    const ws = await newWorkspace({ timezone: "Europe/Paris" });
    await api.patch("/v1/workspace", {
      key: ws.sk,
      body: { contact_email: "hello@studio.test", contact_phone: "+33123456789", address: "12 Rue de la Paix, Paris" },
    });
    const service = await addService(ws, { name: "Colour", durationMinutes: 60 });
    await setNow("2031-03-03T08:00:00Z");
    const booking = await bookAt(ws, service.id, "2031-03-05T10:00:00+01:00", { timezone: "America/New_York" });

    await setNow("2031-03-04T08:59:00Z");
    await runJobs();
    expect(await remindersTo(booking.email)).toHaveLength(0);

    const capture = captureMailer();
    setMessageTransportsForTesting({ mailer: capture.mailer });
    await setNow("2031-03-04T09:00:05Z");
    expect((await runJobs()).reminders).toBe(1);
    const [reminder] = await remindersTo(booking.email);
    expect(reminder!.subject).toMatch(/^Reminder: Colour with Studio \d+, Wednesday 5 March 2031, 10:00–11:00 \(Paris time\)$/);
    expect(reminder!.text).toContain("Service: Colour");
    expect(reminder!.text).toContain("With: Alex");
    expect(reminder!.text).toContain("When: Wednesday 5 March 2031, 10:00–11:00 (Paris time)");
    expect(reminder!.text).toContain("Your time: Wednesday 5 March 2031, 04:00–05:00 (New York time)");
    expect(reminder!.text).toContain("Address: 12 Rue de la Paix, Paris");
    expect(reminder!.text).toContain("Email: hello@studio.test");
    expect(reminder!.text).toContain("Phone: +33 1 23 45 67 89");
    expect(reminder!.text).toContain(`http://localhost:3000/manage/${booking.token}`);
    const sent = capture.sent.map(parseMime).find((message) => message.headers.subject?.startsWith("Reminder:"))!;
    expect(sent.headers["reply-to"]).toBe("hello@studio.test");
    expect(sent.headers["auto-submitted"]).toBe("auto-generated");
    expect(findPart(sent, "text/calendar")!.headers["content-type"]).toMatch(/method=REQUEST/);

    // Later runs, and later moments, never send it again.
    await runJobs();
    await setNow("2031-03-05T08:00:00Z");
    await runJobs();
    expect(await remindersTo(booking.email)).toHaveLength(1);
    expect((await keysOf(booking.id)).map((key) => ({ minutesBefore: key.minutesBefore, channels: key.channels }))).toEqual([
      { minutesBefore: 1440, channels: ["email"] },
    ]);
  });

  it("skips a reminder whose moment had passed when the booking was confirmed, and sends the later one", async () => {
    const ws = await newWorkspace();
    await setReminders(ws, [
      { minutes_before: 1440, channels: ["email"] },
      { minutes_before: 60, channels: ["email"] },
    ]);
    const service = await addService(ws);
    await setNow("2031-03-05T05:00:00Z");
    const booking = await bookAt(ws, service.id, "2031-03-05T10:00:00+01:00");
    await runJobs();
    expect(await remindersTo(booking.email)).toHaveLength(0);
    await setNow("2031-03-05T08:00:05Z");
    await runJobs();
    await setNow("2031-03-05T08:30:00Z");
    await runJobs();
    expect(await remindersTo(booking.email)).toHaveLength(1);
    expect((await keysOf(booking.id)).map((key) => key.minutesBefore)).toEqual([60]);
  });

  it("a cancelled booking gets none; [] sends none", async () => {
    const ws = await newWorkspace();
    const service = await addService(ws);
    await setNow("2031-03-03T08:00:00Z");
    const cancelled = await bookAt(ws, service.id, "2031-03-05T10:00:00+01:00");
    expect((await api.post(`/v1/bookings/${cancelled.id}/cancel`, { key: ws.sk, body: {} })).status).toBe(200);
    const other = await newWorkspace();
    await setReminders(other, []);
    const otherService = await addService(other);
    const off = await bookAt(other, otherService.id, "2031-03-05T10:00:00+01:00");
    await setNow("2031-03-04T09:30:00Z");
    await runJobs();
    expect(await remindersTo(cancelled.email)).toHaveLength(0);
    expect(await remindersTo(off.email)).toHaveLength(0);
  });

  it("a moved booking is reminded of its new time only; one moved after its reminder gets one for the new time", async () => {
    const ws = await newWorkspace();
    const service = await addService(ws);
    await setNow("2031-03-03T08:00:00Z");
    const early = await bookAt(ws, service.id, "2031-03-05T10:00:00+01:00");
    const late = await bookAt(ws, service.id, "2031-03-05T14:00:00+01:00");
    // `early` moves before its reminder: nothing at the old moment, one at the new.
    expect((await api.post(`/v1/bookings/${early.id}/reschedule`, { key: ws.sk, body: { starts_at: "2031-03-06T10:00:00+01:00" } })).status).toBe(200);
    await setNow("2031-03-04T13:00:05Z");
    await runJobs(); // `late` is reminded of Wednesday 14:00
    expect(await remindersTo(early.email)).toHaveLength(0);
    expect(await remindersTo(late.email)).toHaveLength(1);
    expect((await api.post(`/v1/bookings/${late.id}/reschedule`, { key: ws.sk, body: { starts_at: "2031-03-07T14:00:00+01:00" } })).status).toBe(200);

    await setNow("2031-03-05T09:00:05Z");
    await runJobs();
    const [earlyReminder] = await remindersTo(early.email);
    expect(earlyReminder!.text).toContain("When: Thursday 6 March 2031, 10:00–11:00 (Paris time)");
    await setNow("2031-03-06T13:00:05Z");
    await runJobs();
    const lateReminders = await remindersTo(late.email);
    expect(lateReminders.map((row) => row.text.match(/When: ([^\n]+)/)![1])).toEqual([
      "Wednesday 5 March 2031, 14:00–15:00 (Paris time)",
      "Friday 7 March 2031, 14:00–15:00 (Paris time)",
    ]);
  });

  it("counts real elapsed minutes across a daylight-saving change (a DST week in New York)", async () => {
    const ws = await newWorkspace({ timezone: "America/New_York" });
    await setReminders(ws, [
      { minutes_before: 10080, channels: ["email"] },
      { minutes_before: 1440, channels: ["email"] },
    ]);
    const service = await addService(ws);
    await setNow("2031-03-01T12:00:00Z");
    // Sunday 9 March 2031, 12:00 EDT (16:00Z); clocks went forward at 02:00 that morning.
    const booking = await bookAt(ws, service.id, "2031-03-09T12:00:00-04:00");
    const sentAt = async (instant: string) => {
      await setNow(instant);
      await runJobs();
      return (await remindersTo(booking.email)).length;
    };
    // A week of real time before is Sunday 2 March 11:00 EST (16:00Z), not 12:00 wall time.
    expect(await sentAt("2031-03-02T15:59:00Z")).toBe(0);
    expect(await sentAt("2031-03-02T16:00:05Z")).toBe(1);
    // 1440 minutes before is Saturday 8 March 11:00 EST (16:00Z), 23 wall-clock hours before.
    expect(await sentAt("2031-03-08T15:59:00Z")).toBe(1);
    expect(await sentAt("2031-03-08T16:00:05Z")).toBe(2);
    expect((await keysOf(booking.id)).map((key) => key.minutesBefore)).toEqual([10080, 1440]);
  });

  it("SMS when asked for and possible (SMS on, a phone, a credit), else the email in its place", async () => {
    const ws = await newWorkspace();
    await setReminders(ws, [{ minutes_before: 60, channels: ["sms"] }], { sms_enabled: true });
    const service = await addService(ws);
    await setNow("2031-03-03T08:00:00Z");
    const withPhone = await bookAt(ws, service.id, "2031-03-05T10:00:00+01:00", { phone: "+33600000042" });
    const withoutPhone = await bookAt(ws, service.id, "2031-03-05T12:00:00+01:00");
    await setNow("2031-03-05T08:00:05Z");
    await runJobs();
    await setNow("2031-03-05T10:00:05Z");
    await runJobs();
    const texts = await db().select().from(outboxMessages).where(eq(outboxMessages.to, "+33600000042")).orderBy(outboxMessages.position);
    expect(texts.map((row) => row.text.slice(0, 9))).toEqual([expect.any(String), "Reminder:"]);
    expect(texts[1]!.text).toMatch(/^Reminder: Studio \d+, Haircut with Alex on 5 Mar, 10:00 \(Paris time\)\. Manage: http:\/\/localhost:3000\/manage\//);
    expect(await remindersTo(withPhone.email)).toHaveLength(0);
    expect(await remindersTo(withoutPhone.email)).toHaveLength(1);
    expect((await keysOf(withPhone.id))[0]!.channels).toEqual(["sms"]);
    expect((await keysOf(withoutPhone.id))[0]!.channels).toEqual(["email"]);
  });

  it("two runners racing, and repeated sends of one key, send it once", async () => {
    const ws = await newWorkspace();
    const service = await addService(ws);
    await setNow("2031-03-03T08:00:00Z");
    const bookingsMade = [];
    for (const hour of ["10:00", "11:00", "12:00", "13:00"]) bookingsMade.push(await bookAt(ws, service.id, `2031-03-05T${hour}:00+01:00`));
    await setNow("2031-03-04T12:30:00Z");
    const clock = await loadClock(db());
    // Three sends of one key at once: the unique key lets exactly one through.
    const key = { bookingId: bookingsMade[0]!.id, minutesBefore: 1440, startsAt: "2031-03-05T09:00:00.000Z" };
    const outcomes = await Promise.all([1, 2, 3].map(() => sendReminderStep(jobContext({ db: db(), clock }, "test"), key)));
    expect(outcomes.map((outcome) => outcome.outcome).sort()).toEqual(["already_sent", "already_sent", "sent"]);
    // Two runners sweeping at once share the other three and send each once.
    const runner = () => runDueWork({ db: db(), clock });
    const [first, second] = await Promise.all([runner(), runner()]);
    expect(first.reminders! + second.reminders!).toBeGreaterThanOrEqual(3);
    for (const made of bookingsMade) expect(await remindersTo(made.email)).toHaveLength(1);
    for (const made of bookingsMade) expect(await keysOf(made.id)).toHaveLength(1);
  });

  it("the job definition refuses a payload its schema does not accept", async () => {
    const clock = await loadClock(db());
    await expect(
      sendReminderStep(jobContext({ db: db(), clock }, "test"), { bookingId: "nope", minutesBefore: 60, startsAt: "2031-03-05T09:00:00Z" }),
    ).rejects.toThrow();
  });
});
