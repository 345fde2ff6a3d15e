import fc from "fast-check";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { buildZoneTimeline, DAY_MS, offsetAtInstant } from "./zone-timeline";

const ZONES = ["America/New_York", "Europe/London", "Australia/Lord_Howe", "Pacific/Chatham", "America/Santiago", "Asia/Kathmandu", "America/St_Johns", "UTC"];

describe("buildZoneTimeline", () => {
  it("gives luxon's offset at every instant of any range, with contiguous segments", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ZONES),
        fc.integer({ min: Date.UTC(2025, 0, 1), max: Date.UTC(2030, 6, 1) }),
        fc.integer({ min: 1, max: 400 * DAY_MS }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 30 }),
        (zone, fromMs, lengthMs, picks) => {
          const timeline = buildZoneTimeline(zone, fromMs, fromMs + lengthMs);
          expect(timeline[0]!.startMs).toBe(fromMs);
          expect(timeline.at(-1)!.endMs).toBe(fromMs + lengthMs);
          timeline.slice(1).forEach((segment, i) => {
            expect(segment.startMs).toBe(timeline[i]!.endMs);
            expect(segment.offsetMs).not.toBe(timeline[i]!.offsetMs);
          });
          for (const pick of picks) {
            const ms = Math.floor(fromMs + pick * (lengthMs - 1));
            expect(offsetAtInstant(timeline, ms)).toBe(DateTime.fromMillis(ms, { zone }).offset * 60_000);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("puts each change at its exact millisecond", () => {
    const timeline = buildZoneTimeline("America/New_York", Date.UTC(2026, 0, 1), Date.UTC(2027, 0, 1));
    expect(timeline.map((segment) => new Date(segment.startMs).toISOString())).toEqual([
      "2026-01-01T00:00:00.000Z",
      "2026-03-08T07:00:00.000Z",
      "2026-11-01T06:00:00.000Z",
    ]);
  });

  it("gives the exact offset on a day with a change, for short ranges starting anywhere in it (the create's check)", () => {
    // Midnights answer the days without a change; a day whose two midnights differ asks luxon.
    for (const zone of ZONES) {
      const year = buildZoneTimeline(zone, Date.UTC(2026, 0, 1), Date.UTC(2027, 0, 1));
      for (const change of year.slice(1).map((segment) => segment.startMs)) {
        const dayStart = Math.floor(change / DAY_MS) * DAY_MS - DAY_MS;
        for (let fromMs = dayStart; fromMs < dayStart + 3 * DAY_MS; fromMs += 7 * 60_000) {
          const toMs = fromMs + 90 * 60_000;
          const timeline = buildZoneTimeline(zone, fromMs, toMs);
          for (const ms of [fromMs, fromMs + 45 * 60_000, toMs - 1]) {
            expect(offsetAtInstant(timeline, ms), `${zone} at ${new Date(ms).toISOString()}`).toBe(DateTime.fromMillis(ms, { zone }).offset * 60_000);
          }
        }
      }
    }
  });
});
