import { afterEach, describe, expect, it, vi } from "vitest";
import { InngestTestEngine } from "@inngest/test";
import { setConfigForTesting } from "@/lib/config";
import { inngest } from "@/lib/jobs/inngest-client";
import { runDueWorkBackstop } from "@/lib/jobs/inngest-functions";
import { api, call } from "../helpers/api";
import { book, clientIpOf, setNow } from "../helpers/bookings";
import { addService } from "../helpers/factories";
import { expectError, newWorkspace, type TestWorkspace } from "../helpers/fixtures";
import { parseCalendar } from "../helpers/ical";
import { findPart, type MimePart } from "../helpers/mime";
import { runJobs } from "../helpers/outbox";
import { useSmtpServers, type Received } from "../helpers/smtp";
import { registerEndpoint, useWebhookReceivers } from "../helpers/webhooks";

/**
 * The business's side of a booking (docs/business-notifications.md): the customer's answers
 * on every read and webhook payload, and the business's own email over a real SMTP server.
 */
const startReceiver = useWebhookReceivers();
const useSmtpServer = useSmtpServers();
afterEach(() => {
  vi.restoreAllMocks();
});

const ALLERGY = "Anything we should know? Allergies, accessibility needs";
const ALLERGY_ANSWER = "Severe latex allergy — please use nitrile gloves.\nWheelchair user. <img src=x onerror=alert(1)> & more";

/** A studio in Paris whose contact address is its default notification address, with three questions in a set order. */
async function studio(settings: Record<string, unknown> = {}) {
  const ws = await newWorkspace({ timezone: "Europe/Paris" });
  const patched = await api.patch("/v1/workspace", {
    key: ws.sk,
    body: { name: "Studio North", contact_email: `desk-${ws.id.slice(0, 8)}@studio-north.test`, reminders: [], ...settings },
  });
  expect(patched.status, JSON.stringify(patched.body)).toBe(200);
  const service = await addService(ws, { name: "Colour", durationMinutes: 60 });
  const ask = async (body: Record<string, unknown>) => {
    const created = await api.post("/v1/questions", { key: ws.sk, body });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    return created.body.id as string;
  };
  const questions = {
    allergy: await ask({ label: ALLERGY, type: "long_text", position: 1 }),
    length: await ask({ label: "Hair length", type: "select", options: ["Short", "Long"], position: 2 }),
    first: await ask({ label: "First visit?", type: "checkbox", position: 3 }),
  };
  return { ws, service, questions, notifyAt: patched.body.notification_email as string | null };
}

type Studio = Awaited<ReturnType<typeof studio>>;

/** Books as the customer does on the hosted page (publishable key), answers sent out of order. */
async function bookWithAnswers({ ws, service, questions }: Studio, startsAt: string, email: string) {
  const created = await book(
    ws,
    {
      service_id: service.id,
      starts_at: startsAt,
      customer: { name: "Ada Lovelace", email, phone: "+33612345678", timezone: "America/New_York", language: "fr" },
      answers: [
        { question_id: questions.first, value: "true" },
        { question_id: questions.allergy, value: ALLERGY_ANSWER },
        { question_id: questions.length, value: "Long" },
      ],
    },
    { key: ws.pk, headers: clientIpOf(ws) },
  );
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as { id: string; access_token: string; answers: unknown };
}

function answersAsAsked(questions: Studio["questions"]) {
  return [
    { question_id: questions.allergy, label: ALLERGY, value: ALLERGY_ANSWER },
    { question_id: questions.length, label: "Hair length", value: "Long" },
    { question_id: questions.first, label: "First visit?", value: "true" },
  ];
}

const textOf = (message: MimePart) => findPart(message, "text/plain")!.body;
const htmlOf = (message: MimePart) => findPart(message, "text/html")!.body;
const to = (server: { received: Received[] }, address: string) => server.received.filter((item) => item.to === address).map((item) => item.message);
const publicRead = (ws: TestWorkspace, token: string) => api.get(`/v1/public/bookings/${token}`, { headers: clientIpOf(ws) });

describe("answers: the business reads what it asked", () => {
  it("are on the create response, GET, list, every booking route and webhook payload, in the questions' order, labels as asked, through a move", async () => {
    const setup = await studio();
    const { ws, questions } = setup;
    const hook = await startReceiver();
    const endpoint = await registerEndpoint(ws, hook.url);
    hook.trust(endpoint.secret);
    await setNow("2031-03-03T08:00:00Z");
    const created = await bookWithAnswers(setup, "2031-03-05T10:00:00+01:00", `ada-${ws.id.slice(0, 8)}@example.com`);
    const asked = answersAsAsked(questions);
    expect(created.answers).toEqual(asked);
    expect((await api.get(`/v1/bookings/${created.id}`, { key: ws.sk })).body.answers).toEqual(asked);
    const listed = await api.get("/v1/bookings", { key: ws.sk });
    expect(listed.body.data.find((item: { id: string }) => item.id === created.id).answers).toEqual(asked);

    // The business renames one question and deletes another: the booking keeps what the customer was asked.
    expect((await api.patch(`/v1/questions/${questions.allergy}`, { key: ws.sk, body: { label: "Notes", position: 9 } })).status).toBe(200);
    expect((await api.delete(`/v1/questions/${questions.length}`, { key: ws.sk })).status).toBe(200);
    const moved = await api.post(`/v1/bookings/${created.id}/reschedule`, { key: ws.sk, body: { starts_at: "2031-03-06T14:00:00+01:00" } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.answers).toEqual(asked);
    const cancelled = await api.post(`/v1/bookings/${created.id}/cancel`, { key: ws.sk, body: {} });
    expect(cancelled.body.answers).toEqual(asked);

    await runJobs();
    // Webhook deliveries carry no order (the guide says so): each event once.
    expect(hook.received.map((request) => request.headers["booking-event"]).sort()).toEqual(["booking.cancelled", "booking.created", "booking.rescheduled"]);
    for (const request of hook.received) {
      expect(request.verifiedWith).toBe(endpoint.secret);
      expect(request.json.data.booking.answers).toEqual(asked);
    }
  });

  it("never reach the customer link's read or the calendar feed", async () => {
    const setup = await studio();
    const { ws } = setup;
    await setNow("2031-03-03T08:00:00Z");
    const created = await bookWithAnswers(setup, "2031-03-05T11:00:00+01:00", `ada-${ws.id.slice(0, 8)}@example.com`);
    const read = await publicRead(ws, created.access_token);
    expect(read.status).toBe(200);
    expect(read.body.booking).not.toHaveProperty("answers");
    expect(JSON.stringify(read.body)).not.toContain("latex");
    const feed = await api.put(`/v1/staff/${ws.staffId}/calendar-feed`, { key: ws.sk });
    const ics = await call("GET", new URL(feed.body.url as string).pathname, {});
    expect(ics.status).toBe(200);
    expect(String(ics.body)).toContain(created.id);
    expect(String(ics.body)).not.toContain("latex");
  });
});

describe("notification_email", () => {
  it("is the contact email until set, then stays; null turns it off; an invalid one is 422 naming it", async () => {
    const ws = await newWorkspace();
    expect((await api.get("/v1/workspace", { key: ws.sk })).body.notification_email).toBeNull();
    const contact = await api.patch("/v1/workspace", { key: ws.sk, body: { contact_email: "hello@studio.test" } });
    expect(contact.body.notification_email).toBe("hello@studio.test");
    const own = await api.patch("/v1/workspace", { key: ws.sk, body: { notification_email: "bookings@studio.test" } });
    expect(own.body).toMatchObject({ contact_email: "hello@studio.test", notification_email: "bookings@studio.test" });
    const changed = await api.patch("/v1/workspace", { key: ws.sk, body: { contact_email: "front@studio.test" } });
    expect(changed.body.notification_email).toBe("bookings@studio.test");
    expectError(await api.patch("/v1/workspace", { key: ws.sk, body: { notification_email: "bookings@" } }), 422, "validation_failed", "notification_email");
    expect((await api.get("/v1/workspace", { key: ws.sk })).body.notification_email).toBe("bookings@studio.test");
    const off = await api.patch("/v1/workspace", { key: ws.sk, body: { notification_email: null } });
    expect(off.body).toMatchObject({ contact_email: "front@studio.test", notification_email: null });
    const again = await api.patch("/v1/workspace", { key: ws.sk, body: { contact_email: "hello@studio.test" } });
    expect(again.body.notification_email).toBeNull();
    // Not part of anything public.
    const page = await api.get(`/v1/public/workspaces/${ws.slug}`, { headers: clientIpOf(ws) });
    expect(page.body.workspace).not.toHaveProperty("notification_email");
  });
});

describe("the business's email over real SMTP", () => {
  it("confirmed, moved and cancelled by the customer reach the notification address in order, in its language, answers escaped, with a PUBLISH .ics", async () => {
    const server = await useSmtpServer();
    const setup = await studio();
    const { ws, notifyAt } = setup;
    expect(notifyAt).toBe(`desk-${ws.id.slice(0, 8)}@studio-north.test`);
    await setNow("2031-03-03T08:00:00Z");
    const customer = `ada-${ws.id.slice(0, 8)}@example.com`;
    const created = await bookWithAnswers(setup, "2031-03-05T10:00:00+01:00", customer);
    expect((await publicRead(ws, created.access_token)).body.workspace.notifies_business).toBe(true);
    const moved = await api.post(`/v1/bookings/${created.id}/reschedule`, { key: ws.sk, body: { starts_at: "2031-03-06T14:00:00+01:00" } });
    expect(moved.status).toBe(200);
    const cancelled = await api.post(`/v1/public/bookings/${created.access_token}/cancel`, { body: { reason: "Train <strike>" }, headers: clientIpOf(ws) });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    await runJobs();

    // The customer's messages are in their own language (French); the business's in the workspace's (English).
    expect(to(server, customer).map((message) => message.headers.subject)).toEqual([
      "Réservation confirmée chez Studio North",
      "Réservation déplacée chez Studio North",
      "Réservation annulée chez Studio North",
    ]);
    const mail = to(server, notifyAt!);
    expect(mail.map((message) => message.headers.subject)).toEqual([
      "New booking: Ada Lovelace, Colour",
      "Booking moved: Ada Lovelace, Colour",
      "Booking cancelled: Ada Lovelace, Colour",
    ]);
    for (const message of mail) {
      expect(message.headers.from).toBe("Bookings <bookings@platform.test>");
      expect(message.headers["reply-to"]).toBe(customer);
    }

    const [confirmed, rescheduled, gone] = mail.map(textOf);
    expect(confirmed).toContain("Ada Lovelace booked Colour with Alex.");
    expect(confirmed).toContain("Service: Colour\nCalendar: Alex\nWhen: Wednesday 5 March 2031, 10:00–11:00 (Paris time)");
    expect(confirmed).toContain(`Customer: Ada Lovelace\nEmail: ${customer}\nPhone: 06 12 34 56 78\nBooking reference: ${created.id}`);
    expect(confirmed).toContain(`Answers\n${ALLERGY}: ${ALLERGY_ANSWER}\nHair length: Long\nFirst visit?: Yes`);
    expect(rescheduled).toContain("When: Thursday 6 March 2031, 14:00–15:00 (Paris time)\nPreviously: Wednesday 5 March 2031, 10:00–11:00 (Paris time)");
    expect(rescheduled).toContain(`${ALLERGY}: ${ALLERGY_ANSWER}`);
    expect(gone).toContain("Ada Lovelace cancelled their booking for Colour with Alex.");
    expect(gone).toContain("Reason given: Train <strike>");

    const html = htmlOf(mail[0]!);
    expect(html).not.toMatch(/<img|<strike/);
    expect(html).toContain("Wheelchair user. &lt;img src=x onerror=alert(1)&gt; &amp; more");
    expect(html).toContain("nitrile gloves.<br>Wheelchair user.");
    expect(htmlOf(mail[2]!)).toContain("Train &lt;strike&gt;");

    const parts = mail.map((message) => findPart(message, "text/calendar")!);
    expect(parts.map((part) => part.headers["content-type"]!.match(/method=(\w+)/)![1])).toEqual(["PUBLISH", "PUBLISH", "PUBLISH"]);
    const events = parts.map((part) => {
      const calendar = parseCalendar(part.body);
      expect(calendar.method).toBe("PUBLISH");
      expect(calendar.events).toHaveLength(1);
      return calendar.events[0]!;
    });
    expect(events.map((event) => event.uid)).toEqual([created.id, created.id, created.id]);
    expect(events.map((event) => event.sequence)).toEqual([0, 1, 2]);
    expect(events.map((event) => event.status)).toEqual(["CONFIRMED", "CONFIRMED", "CANCELLED"]);
    expect(events.map((event) => event.start.toISOString())).toEqual(["2031-03-05T09:00:00.000Z", "2031-03-06T13:00:00.000Z", "2031-03-06T13:00:00.000Z"]);
    expect(events[0]!.summary).toBe("Colour – Ada Lovelace (Alex)");
    expect(events[0]!.description).toContain(`${ALLERGY}: ${ALLERGY_ANSWER}`);

    // At most once per event: another round sends nothing more.
    await runJobs();
    expect(to(server, notifyAt!)).toHaveLength(3);
  });

  it("is written in the workspace's language, and a cancellation by secret key says so; retried through an SMTP outage, sent once", async () => {
    const server = await useSmtpServer();
    const setup = await studio({ language: "de", notification_email: "team@studio-north.test" });
    const { ws } = setup;
    await setNow("2031-03-03T08:00:00Z");
    const customer = `ada-${ws.id.slice(0, 8)}@example.com`;
    const created = await bookWithAnswers(setup, "2031-03-05T10:00:00+01:00", customer);
    await runJobs();
    expect(to(server, "team@studio-north.test").map((message) => message.headers.subject)).toEqual(["Neue Buchung: Ada Lovelace, Colour"]);

    // The mail server refuses the business's next message twice (a temporary failure): it is retried after the waits, then sent once.
    server.refuseNext(2, "team@studio-north.test");
    expect((await api.post(`/v1/bookings/${created.id}/cancel`, { key: ws.sk, body: {} })).status).toBe(200);
    await runJobs();
    expect(to(server, customer)).toHaveLength(2);
    expect(to(server, "team@studio-north.test")).toHaveLength(1);
    await setNow("2031-03-03T08:02:00Z");
    await runJobs();
    expect(to(server, "team@studio-north.test")).toHaveLength(1);
    await setNow("2031-03-03T08:08:00Z");
    await runJobs();
    const mail = to(server, "team@studio-north.test");
    expect(mail.map((message) => message.headers.subject)).toEqual(["Neue Buchung: Ada Lovelace, Colour", "Buchung storniert: Ada Lovelace, Colour"]);
    expect(textOf(mail[1]!)).toContain("Die Buchung von Ada Lovelace für Colour bei Alex wurde über Ihr Konto storniert.");
    expect(textOf(mail[1]!)).toContain("Antworten\n");
    await setNow("2031-03-03T09:00:00Z");
    await runJobs();
    expect(to(server, "team@studio-north.test")).toHaveLength(2);
  });

  it("with notification_email null the business gets nothing and the customer is not told it was informed", async () => {
    const server = await useSmtpServer();
    const setup = await studio({ notification_email: null });
    const { ws } = setup;
    await setNow("2031-03-03T08:00:00Z");
    const customer = `ada-${ws.id.slice(0, 8)}@example.com`;
    const created = await bookWithAnswers(setup, "2031-03-05T10:00:00+01:00", customer);
    expect((await publicRead(ws, created.access_token)).body.workspace.notifies_business).toBe(false);
    expect((await api.post(`/v1/public/bookings/${created.access_token}/cancel`, { body: {}, headers: clientIpOf(ws) })).status).toBe(200);
    await runJobs();
    expect(server.received.map((item) => item.to)).toEqual([customer, customer]);
  });

  it("goes out on the Inngest driver too: the cron function sends it once", async () => {
    const server = await useSmtpServer();
    const setup = await studio();
    const { ws, notifyAt } = setup;
    setConfigForTesting({ smtpUrl: `smtp://127.0.0.1:${await server.listening}`, emailFrom: "Bookings <bookings@platform.test>", inngest: { enabled: true } });
    vi.spyOn(inngest, "send").mockResolvedValue({ ids: [] } as never);
    await setNow("2031-03-03T08:00:00Z");
    await bookWithAnswers(setup, "2031-03-05T10:00:00+01:00", `ada-${ws.id.slice(0, 8)}@example.com`);
    const backstop = new InngestTestEngine({ function: runDueWorkBackstop });
    await backstop.execute();
    await backstop.execute();
    const mail = to(server, notifyAt!);
    expect(mail.map((message) => message.headers.subject)).toEqual(["New booking: Ada Lovelace, Colour"]);
    expect(textOf(mail[0]!)).toContain(`${ALLERGY}: ${ALLERGY_ANSWER}`);
  });
});
