import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { toZonedIso } from "@/lib/time/zoned";
import { AvailabilityResponse } from "./schemas";
import type { CalendarSlots } from "./engine";
import { toAvailabilityJson, zonedFormatter } from "./serialize";

/** The answer built the plain way, as the reference the fast writer must equal. */
function toAvailability(calendars: CalendarSlots[], zone: string) {
  return {
    data: calendars.map((calendar) => ({
      staff_id: calendar.staffId,
      slots: calendar.slots.map((slot) => ({ start: toZonedIso(new Date(slot.startMs), zone), end: toZonedIso(new Date(slot.endMs), zone) })),
    })),
  };
}

const ZONES = [
  "America/New_York",
  "Europe/London",
  "UTC",
  "Etc/UTC",
  "Australia/Lord_Howe",
  "Asia/Kathmandu",
  "America/St_Johns",
  "Pacific/Chatham",
  "America/Santiago",
  "Asia/Kolkata",
];
const DAY = 86_400_000;

describe("zonedFormatter", () => {
  it("writes exactly what toZonedIso writes, across offset changes", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: Date.UTC(2025, 0, 1) / 1000, max: Date.UTC(2030, 11, 1) / 1000 }),
        fc.array(fc.integer({ min: 0, max: 62 * 86_400 }), { minLength: 1, maxLength: 50 }),
        fc.boolean(),
        (zone, fromSeconds, offsets, withMillis) => {
          const fromMs = fromSeconds * 1000;
          const format = zonedFormatter(zone, fromMs, fromMs + 62 * DAY);
          for (const offset of offsets) {
            const ms = fromMs + offset * 1000 + (withMillis ? 123 : 0);
            expect(format(ms)).toBe(toZonedIso(new Date(ms), zone));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("leaves a local-mean-time offset (not whole minutes) to toZonedIso", () => {
    const fromMs = Date.parse("1971-12-20T00:00:00Z");
    const format = zonedFormatter("Africa/Monrovia", fromMs, fromMs + 62 * DAY);
    for (let ms = fromMs; ms < fromMs + 62 * DAY; ms += 3_600_000) expect(format(ms)).toBe(toZonedIso(new Date(ms), "Africa/Monrovia"));
    expect(format(fromMs)).toBe("1971-12-20T00:00:00Z");
  });

  it("writes both offsets of a repeated wall time", () => {
    const format = zonedFormatter("America/New_York", Date.parse("2025-11-02T00:00:00-04:00"), Date.parse("2025-11-03T00:00:00-05:00"));
    expect(format(Date.parse("2025-11-02T05:30:00Z"))).toBe("2025-11-02T01:30:00-04:00");
    expect(format(Date.parse("2025-11-02T06:30:00Z"))).toBe("2025-11-02T01:30:00-05:00");
  });
});

describe("toAvailabilityJson", () => {
  it("groups slots by calendar with start and end in the workspace offset", () => {
    const start = Date.parse("2025-03-09T06:30:00Z");
    const bytes = toAvailabilityJson(
      [
        { staffId: "a", slots: [{ startMs: start, endMs: start + 3_600_000 }] },
        { staffId: "b", slots: [] },
      ],
      "America/New_York",
    );
    expect(JSON.parse(new TextDecoder().decode(bytes))).toEqual({
      data: [
        { staff_id: "a", slots: [{ start: "2025-03-09T01:30:00-05:00", end: "2025-03-09T03:30:00-04:00" }] },
        { staff_id: "b", slots: [] },
      ],
    });
  });

  it("is the UTF-8 of JSON.stringify(toAvailability(...)) and matches the response schema", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.array(fc.array(fc.integer({ min: Date.UTC(2025, 0, 1) / 60_000, max: Date.UTC(2030, 0, 1) / 60_000 }), { maxLength: 20 }), { maxLength: 4 }),
        fc.boolean(),
        (zone, minuteLists, isOneDuration) => {
          const shared = minuteLists[0] ?? [];
          const calendars = minuteLists.map((own, i) => ({
            staffId: `00000000-0000-4000-8000-00000000000${i}`,
            // Calendars share starts (one duration) and, to cover the general case, differ in length.
            slots: [...(i % 2 ? shared : own)]
              .sort((a, b) => a - b)
              .map((minute) => ({ startMs: minute * 60_000, endMs: (minute + (isOneDuration ? 45 : 15 * (i + 1))) * 60_000 })),
          }));
          const json = new TextDecoder().decode(toAvailabilityJson(calendars, zone));
          expect(json).toBe(JSON.stringify(toAvailability(calendars, zone)));
          expect(AvailabilityResponse.safeParse(JSON.parse(json)).success).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  });
});
