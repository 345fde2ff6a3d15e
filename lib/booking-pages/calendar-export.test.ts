import { describe, expect, it } from "vitest";
import { buildIcs, escapeIcsText, foldIcsLine, googleCalendarUrl, type CalendarEvent } from "./calendar-export";

const event: CalendarEvent = {
  uid: "3f1c8d2e-1111-4222-8333-444455556666@bookings",
  title: "Haircut, with Alex; at Studio",
  description: "Line one\nManage: https://example.test/manage/abc",
  startsAt: "2026-03-12T09:30:00+01:00",
  endsAt: "2026-03-12T10:15:00+01:00",
  location: "https://maps.example/studio",
};

describe("ICS export", () => {
  it("writes the times in UTC and escapes text values", () => {
    const ics = buildIcs(event, new Date("2026-03-01T12:00:00Z"));
    expect(ics).toContain("DTSTART:20260312T083000Z\r\n");
    expect(ics).toContain("DTEND:20260312T091500Z\r\n");
    expect(ics).toContain("DTSTAMP:20260301T120000Z\r\n");
    expect(ics).toContain("SUMMARY:Haircut\\, with Alex\\; at Studio\r\n");
    expect(ics).toContain("DESCRIPTION:Line one\\nManage: https://example.test/manage/abc\r\n");
    expect(ics.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
  });

  it("escapes backslashes before anything else", () => {
    expect(escapeIcsText("a\\b,c")).toBe("a\\\\b\\,c");
  });

  it("folds long lines at 75 octets without splitting a multi-byte character", () => {
    const folded = foldIcsLine(`SUMMARY:${"é".repeat(80)}`);
    const lines = folded.split("\r\n");
    expect(lines.length).toBeGreaterThan(1);
    for (const line of lines) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(lines.slice(1).every((line) => line.startsWith(" "))).toBe(true);
    expect(lines.map((line, index) => (index === 0 ? line : line.slice(1))).join("")).toBe(`SUMMARY:${"é".repeat(80)}`);
  });
});

describe("Google Calendar link", () => {
  it("carries the title, UTC dates and details", () => {
    const url = new URL(googleCalendarUrl(event));
    expect(url.origin).toBe("https://calendar.google.com");
    expect(url.searchParams.get("action")).toBe("TEMPLATE");
    expect(url.searchParams.get("dates")).toBe("20260312T083000Z/20260312T091500Z");
    expect(url.searchParams.get("text")).toBe(event.title);
    expect(url.searchParams.get("location")).toBe(event.location);
  });
});
