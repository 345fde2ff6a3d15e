import { afterEach, describe, expect, it } from "vitest";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { setConfigForTesting } from "@/lib/config";
import { bookings } from "@/lib/db/schema";
import { OUTBOX_MAX_ATTEMPTS, OUTBOX_RETRY_DELAYS_SECONDS } from "@/lib/notifications/send-due-messages";
import { setMessageTransportsForTesting, type Mailer } from "@/lib/notifications/transports";
import { setClockOffset } from "@/lib/time/clock";
import { api } from "../helpers/api";
import { newWorkspace } from "../helpers/fixtures";
import { book, setNow } from "../helpers/bookings";
import { findPart, parseMime } from "../helpers/mime";
import { captureMailer, HOSTILE_BUSINESS, HOSTILE_CUSTOMER, outboxRows, runJobs, STARTS_AT, workspaceName } from "../helpers/outbox";
import { queueMessage } from "../helpers/outbox";
import { parseCalendar } from "../helpers/ical";
import { currentDb } from "../helpers/test-db";
import { addService, seedBooking, updateWorkspace } from "../helpers/factories";

afterEach(() => setMessageTransportsForTesting(undefined));

describe("booking emails", () => {
  it("sends the confirmation with the manage link, the note, contacts, the zone-labelled time and an .ics, all escaped", async () => {
    const ws = await newWorkspace({ timezone: "Europe/Paris" });
    await updateWorkspace(ws, {
      name: HOSTILE_BUSINESS,
      confirmationNote: "Bring <b>nothing</b>.\nSee you soon",
      contactEmail: "hello@biz.test",
      contactPhone: "+33123456789",
    });
    const customerEmail = `ada-${ws.id}@example.com`;
    const service = await addService(ws, { name: "Cut, wash; dry", durationMinutes: 60 });
    await setNow("2031-03-05T12:00:00Z");
    const created = await book(ws, {
      service_id: service.id,
      starts_at: "2031-03-10T09:00:00+01:00",
      customer: { name: HOSTILE_CUSTOMER, email: customerEmail, timezone: "Europe/London" },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const booking = created.body as { id: string };
    const token = created.body.access_token as string;
    const capture = captureMailer();
    setMessageTransportsForTesting({ mailer: capture.mailer });
    // The customer's confirmation, and the business's own email at its contact address (tests/api/business-notifications.test.ts).
    expect((await runJobs())["outbox-messages"]).toBe(2);

    expect(capture.sent).toHaveLength(2);
    const message = parseMime(capture.sent[0]!);
    expect(message.headers.to).toBe(customerEmail);
    expect(parseMime(capture.sent[1]!).headers.to).toBe("hello@biz.test");
    expect(message.headers.from).toBe("Bookings <bookings@example.test>");
    expect(message.headers.subject).toBe(`Booking confirmed with ${HOSTILE_BUSINESS}`);
    expect(message.headers["reply-to"]).toBe("hello@biz.test");
    expect(message.headers["auto-submitted"]).toBe("auto-generated");
    const manageUrl = `http://localhost:3000/manage/${token}`;

    const text = findPart(message, "text/plain")!.body;
    expect(text).toContain(manageUrl);
    expect(text).toContain("When: Monday 10 March 2031, 09:00–10:00 (Paris time)");
    expect(text).toContain("Your time: Monday 10 March 2031, 08:00–09:00 (London time)");
    expect(text).toContain("Bring <b>nothing</b>.\nSee you soon");
    expect(text).toContain("Email: hello@biz.test");
    expect(text).toContain("Phone: +33 1 23 45 67 89");
    expect(text).toContain(`Hello ${HOSTILE_CUSTOMER},`);

    const html = findPart(message, "text/html")!.body;
    expect(html).not.toMatch(/<script|<img|<b>nothing/);
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Sons");
    expect(html).toContain("Hello &lt;img src=x onerror=alert(1)&gt;,");
    expect(html).toContain("Bring &lt;b&gt;nothing&lt;/b&gt;.<br>See you soon");
    expect(html).toContain(`<a href="${manageUrl}">`);
    expect(html).toContain("Monday 10 March 2031, 09:00–10:00 (Paris time)");

    const calendar = findPart(message, "text/calendar")!;
    expect(calendar.headers["content-type"]).toMatch(/method=REQUEST/);
    expect(calendar.headers["content-disposition"]).toMatch(/invite\.ics/);
    const ics = calendar.body;
    expect(ics.endsWith("\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of ics.split("\r\n")) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
    // Read back by a real iCalendar parser, field by field (RFC 5545 / iTIP REQUEST of RFC 5546).
    const parsed = parseCalendar(ics);
    expect(parsed).toMatchObject({ method: "REQUEST", version: "2.0" });
    expect(parsed.events).toHaveLength(1);
    const [event] = parsed.events;
    expect(event).toMatchObject({
      uid: booking.id,
      sequence: 0,
      summary: `Cut, wash; dry – ${HOSTILE_BUSINESS}`,
      url: manageUrl,
      status: "CONFIRMED",
      // A double quote cannot stand in a parameter value (RFC 5545 §3.1): it becomes an apostrophe.
      organizer: { email: "hello@biz.test", name: HOSTILE_BUSINESS.replaceAll('"', "'") },
    });
    expect(event!.start).toEqual(new Date("2031-03-10T08:00:00Z"));
    expect(event!.end).toEqual(new Date("2031-03-10T09:00:00Z"));
    expect(event!.description).toContain(`\nManage your booking: ${manageUrl}`);
    expect(event!.dtstamp).toBeInstanceOf(Date);
    expect(event!.attendees).toEqual([
      { email: customerEmail, name: HOSTILE_CUSTOMER, params: { cn: HOSTILE_CUSTOMER, role: "REQ-PARTICIPANT", partstat: "ACCEPTED", rsvp: "FALSE" } },
    ]);

    const [row] = await outboxRows(customerEmail);
    expect(row).toMatchObject({ status: "sent", attempts: 1, lastError: null });
  });

  it("sends the verification code, the reschedule (new and old time) and the cancellation (no link, METHOD:CANCEL)", async () => {
    const ws = await newWorkspace({ timezone: "America/New_York" });
    const customerEmail = `grace-${ws.id}@example.com`;
    const { booking, token } = await seedBooking(ws, { startsAt: STARTS_AT, customer: { name: "Grace", email: customerEmail } });
    await queueMessage(booking.id, "verification_code", { code: "042917" });
    await queueMessage(booking.id, "reschedule", { previousStartsAt: new Date("2031-03-08T15:00:00Z") });

    const listed = await api.get("/dev/outbox/messages", { query: { to: customerEmail } });
    expect(listed.status).toBe(200);
    const [reschedule, code] = listed.body.data;
    expect(code.subject).toBe(`042917 is your code for ${await workspaceName(ws.id)}`);
    expect(code.text).toContain("Your confirmation code is 042917.");
    expect(reschedule.text).toContain("Monday, March 10, 2031, 4:00 AM–5:00 AM (New York time)");
    expect(reschedule.text).toContain("Previously: Saturday, March 8, 2031, 10:00 AM–11:00 AM (New York time)");
    expect(reschedule.text).toContain(`http://localhost:3000/manage/${token}`);

    // Cancelling clears the token first, as cancelBooking does; the email then carries no link.
    await currentDb()
      .db.update(bookings)
      .set({ status: "cancelled", accessTokenHash: null, accessTokenSealed: null, sequence: 1 })
      .where(eq(bookings.id, booking.id));
    await queueMessage(booking.id, "cancellation");
    const capture = captureMailer();
    setMessageTransportsForTesting({ mailer: capture.mailer });
    await runJobs();
    expect(capture.sent).toHaveLength(3);
    const cancellation = parseMime(capture.sent.find((raw) => raw.includes("Subject: Booking cancelled"))!);
    expect(findPart(cancellation, "text/plain")!.body).not.toContain("/manage/");
    const cancelled = parseCalendar(findPart(cancellation, "text/calendar")!.body);
    expect(cancelled.method).toBe("CANCEL");
    expect(cancelled.events[0]).toMatchObject({ uid: booking.id, sequence: 1, status: "CANCELLED" });
    expect(cancelled.events[0]!.organizer!.email).toBe("bookings@localhost");
  });
});

describe("queueing", () => {
  it("never fails the booking's transaction over an unreadable manage token: the message goes without the link", async () => {
    const ws = await newWorkspace();
    const email = `sealed-${ws.id}@example.com`;
    const { booking } = await seedBooking(ws, { startsAt: STARTS_AT, customer: { email } });
    await currentDb().db.update(bookings).set({ accessTokenSealed: "v1.bad.bad.bad" }).where(eq(bookings.id, booking.id));
    await queueMessage(booking.id, "confirmation");
    const [row] = await outboxRows(email);
    expect(row!.subject).toMatch(/^Booking confirmed/);
    expect(row!.text).not.toContain("/manage/");
  });
});

describe("outbox sending", () => {
  it("without SMTP_URL the outbox row is the delivery: marked sent, listed in /dev/outbox", async () => {
    const ws = await newWorkspace();
    const email = `plain-${ws.id}@example.com`;
    const { booking } = await seedBooking(ws, { startsAt: STARTS_AT, customer: { email } });
    await queueMessage(booking.id, "confirmation");
    expect((await outboxRows(email))[0]!.status).toBe("pending");
    await runJobs();
    expect((await outboxRows(email))[0]).toMatchObject({ status: "sent", attempts: 1 });
    // Sent once: a second run has nothing to do for it.
    await runJobs();
    expect((await outboxRows(email))[0]!.attempts).toBe(1);
  });

  it("without SMTP_URL, messages due together are all marked sent in one round, each once", async () => {
    const ws = await newWorkspace();
    const emails = [1, 2, 3].map((n) => `plain-${n}-${ws.id}@example.com`);
    for (const [i, email] of emails.entries()) {
      const { booking } = await seedBooking(ws, { startsAt: new Date(STARTS_AT.getTime() + i * 3_600_000), customer: { email } });
      await queueMessage(booking.id, "confirmation");
    }
    await runJobs();
    for (const email of emails) expect((await outboxRows(email)).map((row) => [row.status, row.attempts])).toEqual([["sent", 1]]);
  });

  it("retries a failed send with backoff and gives up after the last attempt, never touching the booking", async () => {
    const ws = await newWorkspace();
    const email = `flaky-${ws.id}@example.com`;
    const { booking } = await seedBooking(ws, { startsAt: STARTS_AT, customer: { email } });
    await queueMessage(booking.id, "confirmation");
    let calls = 0;
    const failing: Mailer = {
      send: async () => {
        calls++;
        throw new Error("550 mailbox unavailable");
      },
    };
    setMessageTransportsForTesting({ mailer: failing });
    let offsetMs = 0;
    for (let attempt = 1; attempt <= OUTBOX_MAX_ATTEMPTS; attempt++) {
      await runJobs();
      const [row] = await outboxRows(email);
      expect(row!.attempts).toBe(attempt);
      expect(row!.lastError).toBe("550 mailbox unavailable");
      if (attempt < OUTBOX_MAX_ATTEMPTS) {
        expect(row!.status).toBe("pending");
        const delayMs = OUTBOX_RETRY_DELAYS_SECONDS[attempt - 1]! * 1000;
        expect(row!.nextAttemptAt!.getTime() - Date.now() - offsetMs).toBeGreaterThan(delayMs - 10_000);
        expect(row!.nextAttemptAt!.getTime() - Date.now() - offsetMs).toBeLessThanOrEqual(delayMs + 1_000);
        // Not due yet: a run now does not retry.
        await runJobs();
        expect((await outboxRows(email))[0]!.attempts).toBe(attempt);
        offsetMs += delayMs + 1_000;
        await setClockOffset(currentDb().db, offsetMs);
      } else {
        expect(row).toMatchObject({ status: "failed", nextAttemptAt: null });
      }
    }
    expect(calls).toBe(OUTBOX_MAX_ATTEMPTS);
    await setClockOffset(currentDb().db, offsetMs + 86_400_000);
    await runJobs();
    expect(calls).toBe(OUTBOX_MAX_ATTEMPTS);
    const [after] = await currentDb().db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(after!.status).toBe("confirmed");
  });

  it("sends SMS through Twilio's REST API when configured, and retries a refusal", async () => {
    const requests: { method: string; url: string; authorization: string; body: URLSearchParams }[] = [];
    let reply = { status: 201, body: `{"sid":"SM123"}` };
    const server = createServer(async (req: IncomingMessage, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      requests.push({
        method: req.method!,
        url: req.url!,
        authorization: req.headers.authorization ?? "",
        body: new URLSearchParams(Buffer.concat(chunks).toString()),
      });
      res.writeHead(reply.status, { "Content-Type": "application/json" }).end(reply.body);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      setConfigForTesting({ twilio: { accountSid: "AC0123", authToken: "s3cret", from: "+15550001111", baseUrl: `http://127.0.0.1:${port}` } });
      const ws = await newWorkspace();
      await updateWorkspace(ws, { smsEnabled: true, name: "Salon Zoë" });
      const { booking } = await seedBooking(ws, { startsAt: STARTS_AT, customer: { email: `sms-${ws.id}@example.com`, phone: "+33612345678" } });
      await queueMessage(booking.id, "verification_code", { code: "123456" });
      await runJobs();
      expect(requests).toHaveLength(1);
      expect(requests[0]).toMatchObject({ method: "POST", url: "/2010-04-01/Accounts/AC0123/Messages.json" });
      expect(requests[0]!.authorization).toBe(`Basic ${Buffer.from("AC0123:s3cret").toString("base64")}`);
      expect(Object.fromEntries(requests[0]!.body)).toEqual({ To: "+33612345678", From: "+15550001111", Body: "123456 is your Salon Zoë booking code." });
      expect((await outboxRows("+33612345678"))[0]).toMatchObject({ channel: "sms", status: "sent" });

      reply = { status: 400, body: `{"code":21211,"message":"Invalid 'To' Phone Number"}` };
      await queueMessage(booking.id, "confirmation");
      await runJobs();
      const pending = (await outboxRows("+33612345678")).find((row) => row.status !== "sent")!;
      expect(pending).toMatchObject({ status: "pending", attempts: 1 });
      expect(pending.lastError).toContain("Twilio answered 400");
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
