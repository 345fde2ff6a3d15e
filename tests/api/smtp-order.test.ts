import { describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { book, setNow } from "../helpers/bookings";
import { addService } from "../helpers/factories";
import { newWorkspace } from "../helpers/fixtures";
import { parseCalendar } from "../helpers/ical";
import { findPart } from "../helpers/mime";
import { useSmtpServers } from "../helpers/smtp";
import { runJobs } from "../helpers/outbox";

/**
 * A real SMTP server (smtp-server, from npm) in the test run, and the app configured with
 * SMTP_URL to it: what arrives is what a mail provider would get. Each booking's messages to
 * one recipient must arrive in the order its events happened, also after the server refused one,
 * and each .ics must update or remove the same calendar entry (read with ical.js).
 */
const useSmtpServer = useSmtpServers();

async function studio() {
  const ws = await newWorkspace({ timezone: "Europe/Paris" });
  const patched = await api.patch("/v1/workspace", {
    key: ws.sk,
    body: { name: "Studio North", contact_email: "hello@studio-north.test", address: "12 Rue de la Paix, 75002 Paris", reminders: [] },
  });
  expect(patched.status).toBe(200);
  return { ws, service: await addService(ws, { name: "Colour", durationMinutes: 60 }) };
}

/** Books, moves and cancels one booking within a second (no clock change in between). */
async function createMoveCancel(ws: Awaited<ReturnType<typeof studio>>["ws"], serviceId: string, email: string, day: number) {
  const created = await book(ws, {
    service_id: serviceId,
    starts_at: `2031-03-${String(day).padStart(2, "0")}T10:00:00+01:00`,
    customer: { name: "Ada Lovelace", email, timezone: "Europe/London" },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const id = created.body.id as string;
  const moved = await api.post(`/v1/bookings/${id}/reschedule`, { key: ws.sk, body: { starts_at: `2031-03-${String(day).padStart(2, "0")}T14:00:00+01:00` } });
  expect(moved.status).toBe(200);
  expect((await api.post(`/v1/bookings/${id}/cancel`, { key: ws.sk, body: {} })).status).toBe(200);
  return id;
}

describe("booking emails over real SMTP", () => {
  it("create → move → cancel arrive in that order, each with an iTIP .ics for the same entry, even after the server refused the first", async () => {
    const server = await useSmtpServer();
    const { ws, service } = await studio();
    await setNow("2031-03-03T08:00:00Z");
    const email = `ada-${ws.id.slice(0, 8)}@example.com`;
    const bookingId = await createMoveCancel(ws, service.id, email, 5);

    // The server refuses the customer's first message: nothing of the customer's may overtake it
    // (the business's own emails about the booking do not wait for the customer's).
    server.refuseNext(1, email);
    const toCustomer = () => server.received.filter((item) => item.to === email);
    await runJobs();
    expect(toCustomer()).toHaveLength(0);
    await runJobs();
    expect(toCustomer()).toHaveLength(0);
    // After the retry wait, all three leave, oldest first.
    await setNow("2031-03-03T08:03:00Z");
    await runJobs();
    const mine = server.received.filter((item) => item.to === email);
    expect(mine.map((item) => item.message.headers.subject)).toEqual([
      "Booking confirmed with Studio North",
      "Booking moved with Studio North",
      "Booking cancelled with Studio North",
    ]);

    for (const { message } of mine) {
      expect(message.headers.from).toBe("Bookings <bookings@platform.test>");
      expect(message.headers["reply-to"]).toBe("hello@studio-north.test");
      expect(message.headers["auto-submitted"]).toBe("auto-generated");
    }
    const texts = mine.map(({ message }) => findPart(message, "text/plain")!.body);
    expect(texts[0]).toContain("When: Wednesday 5 March 2031, 10:00–11:00 (Paris time)");
    expect(texts[0]).toContain("Your time: Wednesday 5 March 2031, 09:00–10:00 (London time)");
    expect(texts[1]).toContain("When: Wednesday 5 March 2031, 14:00–15:00 (Paris time)");

    const parts = mine.map(({ message }) => findPart(message, "text/calendar")!);
    expect(parts.map((part) => part.headers["content-type"]!.match(/method=(\w+)/)![1])).toEqual(["REQUEST", "REQUEST", "CANCEL"]);
    const calendars = parts.map((part) => parseCalendar(part.body));
    expect(calendars.map((calendar) => calendar.method)).toEqual(["REQUEST", "REQUEST", "CANCEL"]);
    const events = calendars.map((calendar) => {
      expect(calendar.version).toBe("2.0");
      expect(calendar.prodid).toBe("-//Booking Platform//Bookings//EN");
      expect(calendar.events).toHaveLength(1);
      return calendar.events[0]!;
    });
    // The same entry, each file outranking the one before it.
    expect(events.map((event) => event.uid)).toEqual([bookingId, bookingId, bookingId]);
    expect(events.map((event) => event.sequence)).toEqual([0, 1, 2]);
    expect(events.map((event) => event.status)).toEqual(["CONFIRMED", "CONFIRMED", "CANCELLED"]);
    expect(events.map((event) => event.start.toISOString())).toEqual(["2031-03-05T09:00:00.000Z", "2031-03-05T13:00:00.000Z", "2031-03-05T13:00:00.000Z"]);
    expect(events.map((event) => event.end.toISOString())).toEqual(["2031-03-05T10:00:00.000Z", "2031-03-05T14:00:00.000Z", "2031-03-05T14:00:00.000Z"]);
    for (const event of events) {
      expect(event.dtstamp).toBeInstanceOf(Date);
      expect(event.summary).toBe("Colour – Studio North");
      expect(event.location).toBe("12 Rue de la Paix, 75002 Paris");
      expect(event.organizer).toEqual({ email: "hello@studio-north.test", name: "Studio North", params: { cn: "Studio North" } });
      expect(event.attendees).toEqual([
        { email, name: "Ada Lovelace", params: { cn: "Ada Lovelace", role: "REQ-PARTICIPANT", partstat: "ACCEPTED", rsvp: "FALSE" } },
      ]);
    }
    // The cancellation carries no manage link (the token died with the booking).
    expect(events[2]!.url).toBeNull();
    expect(events[0]!.url).toMatch(/^http:\/\/localhost:3000\/manage\//);
  });

  it("many bookings changed at once: each booking's messages leave in creation order", async () => {
    const server = await useSmtpServer();
    const { ws, service } = await studio();
    await setNow("2031-03-03T08:00:00Z");
    const emails: string[] = [];
    for (const day of [5, 6, 7, 8]) {
      const email = `order-${day}-${ws.id.slice(0, 8)}@example.com`;
      emails.push(email);
      await createMoveCancel(ws, service.id, email, day);
    }
    await runJobs();
    for (const email of emails) {
      const subjects = server.received.filter((item) => item.to === email).map((item) => item.message.headers.subject);
      expect(subjects).toEqual(["Booking confirmed with Studio North", "Booking moved with Studio North", "Booking cancelled with Studio North"]);
    }
  });
});
