import { describe, expect, it } from "vitest";
import { buildIcs, escapeIcsText, foldLine, toIcsUtc } from "./ics";

describe("ics", () => {
  it("escapes TEXT values (RFC 5545 §3.3.11)", () => {
    expect(escapeIcsText("a\\b;c,d\ne\r\nf")).toBe("a\\\\b\\;c\\,d\\ne\\nf");
  });

  it("folds at 75 octets without splitting a UTF-8 character", () => {
    const line = `SUMMARY:${"é".repeat(80)}`;
    const folded = foldLine(line);
    const physical = folded.split("\r\n");
    expect(physical.length).toBeGreaterThan(1);
    for (const part of physical) expect(Buffer.byteLength(part, "utf8")).toBeLessThanOrEqual(75);
    expect(physical.slice(1).every((part) => part.startsWith(" "))).toBe(true);
    expect(folded.replace(/\r\n /g, "")).toBe(line);
    expect(foldLine("SHORT:x")).toBe("SHORT:x");
  });

  it("writes UTC times and CRLF line ends", () => {
    expect(toIcsUtc(new Date("2031-03-10T08:05:09.123Z"))).toBe("20310310T080509Z");
    const ics = buildIcs({
      uid: "b1",
      method: "PUBLISH",
      sequence: 0,
      startsAt: new Date("2031-03-10T08:00:00Z"),
      endsAt: new Date("2031-03-10T09:00:00Z"),
      stampedAt: new Date("2031-03-01T00:00:00Z"),
      summary: "Cut",
      description: "x",
      url: null,
    });
    expect(ics.split("\r\n").slice(0, 6)).toEqual(["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Booking Platform//Bookings//EN", "CALSCALE:GREGORIAN", "METHOD:PUBLISH", "BEGIN:VEVENT"]);
    expect(ics).toContain("\r\nDTSTART:20310310T080000Z\r\nDTEND:20310310T090000Z\r\n");
    expect(ics).not.toContain("URL:");
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/\n|\r/);
  });
});
