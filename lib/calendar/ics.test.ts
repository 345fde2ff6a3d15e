import { describe, expect, it } from "vitest";
import { buildIcs, escapeIcsText, foldLine, googleCalendarUrl, toIcsUtc, type IcsEvent } from "./ics";

const event: IcsEvent = {
  uid: "3f1c8d2e-1111-4222-8333-444455556666",
  method: "PUBLISH",
  sequence: 0,
  startsAt: new Date("2026-03-12T09:30:00+01:00"),
  endsAt: new Date("2026-03-12T10:15:00+01:00"),
  stampedAt: new Date("2026-03-01T12:00:00Z"),
  summary: "Haircut, with Alex; at Studio",
  description: "Line one\nManage: https://example.test/manage/abc",
  location: "https://maps.example/studio",
  url: "https://example.test/manage/abc",
};

describe("ics", () => {
  it("escapes TEXT values (RFC 5545 §3.3.11), backslashes first", () => {
    expect(escapeIcsText("a\\b;c,d\ne\r\nf")).toBe("a\\\\b\\;c\\,d\\ne\\nf");
  });

  it("folds at 75 octets without splitting a UTF-8 character", () => {
    const line = `SUMMARY:${"é".repeat(80)}`;
    const folded = foldLine(line);
    const physical = folded.split("\r\n");
    expect(physical.length).toBeGreaterThan(1);
    for (const part of physical) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(physical.slice(1).every((part) => part.startsWith(" "))).toBe(true);
    expect(folded.replace(/\r\n /g, "")).toBe(line);
    expect(foldLine("SHORT:x")).toBe("SHORT:x");
  });

  it("writes one event in UTC with CRLF line ends, escaped text, location and link", () => {
    expect(toIcsUtc(new Date("2031-03-10T08:05:09.123Z"))).toBe("20310310T080509Z");
    const ics = buildIcs(event);
    expect(ics.split("\r\n").slice(0, 6)).toEqual(["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Booking Platform//Bookings//EN", "CALSCALE:GREGORIAN", "METHOD:PUBLISH", "BEGIN:VEVENT"]);
    expect(ics).toContain("\r\nUID:3f1c8d2e-1111-4222-8333-444455556666\r\nSEQUENCE:0\r\nDTSTAMP:20260301T120000Z\r\n");
    expect(ics).toContain("\r\nDTSTART:20260312T083000Z\r\nDTEND:20260312T091500Z\r\n");
    expect(ics).toContain("\r\nSUMMARY:Haircut\\, with Alex\\; at Studio\r\n");
    expect(ics).toContain("\r\nDESCRIPTION:Line one\\nManage: https://example.test/manage/abc\r\n");
    expect(ics).toContain("\r\nLOCATION:https://maps.example/studio\r\nURL:https://example.test/manage/abc\r\nSTATUS:CONFIRMED\r\n");
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/\n|\r/);
  });

  it("a cancellation carries METHOD:CANCEL and STATUS:CANCELLED; no location or link lines when absent", () => {
    const ics = buildIcs({ ...event, method: "CANCEL", sequence: 7, location: null, url: null });
    expect(ics).toContain("\r\nMETHOD:CANCEL\r\n");
    expect(ics).toContain("\r\nSEQUENCE:7\r\n");
    expect(ics).toContain("\r\nSTATUS:CANCELLED\r\n");
    expect(ics).not.toContain("LOCATION:");
    expect(ics).not.toContain("URL:");
  });
});

describe("Google Calendar link", () => {
  it("carries the title, UTC dates, details and location", () => {
    const url = new URL(googleCalendarUrl(event));
    expect(url.origin).toBe("https://calendar.google.com");
    expect(url.searchParams.get("action")).toBe("TEMPLATE");
    expect(url.searchParams.get("dates")).toBe("20260312T083000Z/20260312T091500Z");
    expect(url.searchParams.get("text")).toBe(event.summary);
    expect(url.searchParams.get("details")).toBe(event.description);
    expect(url.searchParams.get("location")).toBe(event.location);
  });
});
