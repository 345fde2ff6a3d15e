import { describe, expect, it } from "vitest";
import { parseCalendar } from "@/tests/helpers/ical";
import { buildCalendar, buildInvitation, googleCalendarUrl, toIcsUtc, type CalendarEvent } from "./ics";

const event: CalendarEvent = {
  uid: "3f1c8d2e-1111-4222-8333-444455556666",
  sequence: 2,
  startsAt: new Date("2026-03-12T09:30:00+01:00"),
  endsAt: new Date("2026-03-12T10:15:00+01:00"),
  stampedAt: new Date("2026-03-01T12:00:00Z"),
  summary: "Haircut, with Alex; at Studio",
  description: "Line one\nManage: https://example.test/manage/abc",
  location: "12 Rue de la Paix, Paris",
  url: "https://example.test/manage/abc",
  organizer: { name: "Studio, North", email: "hello@studio.test" },
  attendee: { name: "Ada Lovelace", email: "ada@example.com" },
};

describe("ics", () => {
  it("an invitation is an iTIP REQUEST that a parser reads back field by field", () => {
    const { method, content } = buildInvitation(event);
    expect(method).toBe("REQUEST");
    expect(content.endsWith("\r\n")).toBe(true);
    expect(content.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    for (const line of content.split("\r\n")) expect(Buffer.byteLength(line, "utf8")).toBeLessThanOrEqual(75);
    const calendar = parseCalendar(content);
    expect(calendar).toMatchObject({ method: "REQUEST", version: "2.0" });
    expect(calendar.events).toHaveLength(1);
    const [parsed] = calendar.events;
    expect(parsed).toMatchObject({
      uid: event.uid,
      sequence: 2,
      summary: event.summary,
      description: event.description,
      location: event.location,
      url: event.url,
      status: "CONFIRMED",
    });
    expect(parsed!.dtstamp).toEqual(event.stampedAt);
    expect(parsed!.start).toEqual(event.startsAt);
    expect(parsed!.end).toEqual(event.endsAt);
    expect(parsed!.organizer).toMatchObject({ email: "hello@studio.test", name: "Studio, North" });
    expect(parsed!.attendees).toEqual([
      { email: "ada@example.com", name: "Ada Lovelace", params: { cn: "Ada Lovelace", role: "REQ-PARTICIPANT", partstat: "ACCEPTED", rsvp: "FALSE" } },
    ]);
  });

  it("a cancelled booking is a CANCEL with STATUS:CANCELLED and the same UID; absent fields are not written", () => {
    const { method, content } = buildInvitation({ ...event, sequence: 3, cancelled: true, location: null, url: null });
    expect(method).toBe("CANCEL");
    const calendar = parseCalendar(content);
    expect(calendar.method).toBe("CANCEL");
    expect(calendar.events[0]).toMatchObject({ uid: event.uid, sequence: 3, status: "CANCELLED", location: null, url: null });
    expect(calendar.events[0]!.organizer!.email).toBe("hello@studio.test");
  });

  it("a feed or a download has no METHOD, can be named, and holds one event per booking", () => {
    const content = buildCalendar({ name: "Robin", events: [event, { ...event, uid: "other", attendee: null, organizer: null }] });
    const calendar = parseCalendar(content);
    expect(calendar.method).toBeNull();
    expect(calendar.name).toBe("Robin");
    expect(calendar.events.map((parsed) => parsed.uid)).toEqual([event.uid, "other"]);
    expect(calendar.events[1]!.attendees).toEqual([]);
    expect(calendar.events[1]!.organizer).toBeNull();
  });
});

describe("Google Calendar link", () => {
  it("carries the title, UTC dates, details and location", () => {
    expect(toIcsUtc(new Date("2031-03-10T08:05:09.123Z"))).toBe("20310310T080509Z");
    const url = new URL(googleCalendarUrl(event));
    expect(url.origin).toBe("https://calendar.google.com");
    expect(url.searchParams.get("action")).toBe("TEMPLATE");
    expect(url.searchParams.get("dates")).toBe("20260312T083000Z/20260312T091500Z");
    expect(url.searchParams.get("text")).toBe(event.summary);
    expect(url.searchParams.get("details")).toBe(event.description);
    expect(url.searchParams.get("location")).toBe(event.location);
  });
});
