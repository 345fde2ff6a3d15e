import fc from "fast-check";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { computeAvailability, type AvailabilityInput, type WeeklyBlock } from "./engine";
import { toAvailabilityJson } from "./serialize";
import { answerFromSlotTable, answerWindow, buildSlotTable } from "./slot-table";

/**
 * A slot table cut for a clock and a range gives the very bytes the engine computes for that
 * clock and range (then serialized): across zones, the DST changes of 2029–2030, lead and
 * advance limits, busy time and tables that reach well past the range either side.
 */
const ZONES = ["America/New_York", "Europe/Paris", "Australia/Lord_Howe", "Asia/Kathmandu", "America/Santiago", "UTC"];
const MIN = 60_000;
const DAY = 24 * 60 * MIN;

function transitionsOf(zone: string): number[] {
  const found: number[] = [];
  let previous = DateTime.fromMillis(Date.UTC(2029, 0, 1), { zone }).offset;
  for (let t = Date.UTC(2029, 0, 1); t < Date.UTC(2031, 0, 1); t += 60 * MIN) {
    const offset = DateTime.fromMillis(t, { zone }).offset;
    if (offset !== previous) found.push(t);
    previous = offset;
  }
  return found.length > 0 ? found : [Date.UTC(2029, 5, 1)];
}
const TRANSITIONS = new Map(ZONES.map((zone) => [zone, transitionsOf(zone)]));

const block = fc
  .record({
    weekday: fc.integer({ min: 0, max: 6 }),
    start: fc.integer({ min: 0, max: 95 }).map((n) => n * 15),
    length: fc.integer({ min: 1, max: 40 }).map((n) => n * 15),
  })
  .map(({ weekday, start, length }): WeeklyBlock => ({ weekday, startMinute: start, endMinute: Math.min(1440, start + length) }));
const everyDay = fc
  .record({ start: fc.integer({ min: 0, max: 60 }).map((n) => n * 15), length: fc.integer({ min: 4, max: 48 }).map((n) => n * 15) })
  .map(({ start, length }) =>
    [0, 1, 2, 3, 4, 5, 6].map((weekday): WeeklyBlock => ({ weekday, startMinute: start, endMinute: Math.min(1440, start + length) })),
  );
const range = fc.record({ at: fc.integer({ min: -3 * 24 * 60, max: 10 * 24 * 60 }), length: fc.integer({ min: 1, max: 6 * 60 }) });

const scenario = fc.record({
  zone: fc.constantFrom(...ZONES),
  pick: fc.nat(),
  shiftMinutes: fc.oneof(
    fc.integer({ min: -384, max: 96 }).map((n) => n * 15),
    fc.integer({ min: -4 * 24 * 60, max: 24 * 60 }),
  ),
  nowExtraMs: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: MIN - 1 })),
  nowBeforeFromMinutes: fc.oneof(
    fc.integer({ min: -96, max: 480 }).map((n) => n * 15),
    fc.integer({ min: -24 * 60, max: 5 * 24 * 60 }),
  ),
  lengthMinutes: fc.oneof(fc.integer({ min: 1, max: 8 * 24 * 60 }), fc.constantFrom(24 * 60, 7 * 24 * 60)),
  interval: fc.constantFrom(5, 15, 20, 30, 45, 60),
  durationMinutes: fc.constantFrom(15, 30, 45, 60, 90),
  bufferBeforeMinutes: fc.constantFrom(0, 10, 30),
  bufferAfterMinutes: fc.constantFrom(0, 15),
  minLeadMinutes: fc.constantFrom(0, 30, 120, 24 * 60),
  maxAdvanceDays: fc.integer({ min: 1, max: 10 }),
  widenBackMinutes: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 3 * 24 * 60 })),
  widenOnMinutes: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 9 * 24 * 60 })),
  calendars: fc.array(
    fc.record({
      blocks: fc.oneof(everyDay, fc.array(block, { maxLength: 8 })),
      busy: fc.array(range, { maxLength: 8 }),
      timeOff: fc.array(range, { maxLength: 2 }),
    }),
    {
      minLength: 1,
      maxLength: 3,
    },
  ),
});

describe("slot tables", () => {
  it("cut the engine's own answer for any clock and range inside their stretch", () => {
    fc.assert(
      fc.property(scenario, (s) => {
        const transitions = TRANSITIONS.get(s.zone)!;
        const fromMs = transitions[s.pick % transitions.length]! + s.shiftMinutes * MIN;
        const toInterval = ({ at, length }: { at: number; length: number }) => ({ startMs: fromMs + at * MIN, endMs: fromMs + (at + length) * MIN });
        const input: AvailabilityInput = {
          rules: {
            durationMinutes: s.durationMinutes,
            bufferBeforeMinutes: s.bufferBeforeMinutes,
            bufferAfterMinutes: s.bufferAfterMinutes,
            minLeadMinutes: s.minLeadMinutes,
            maxAdvanceDays: s.maxAdvanceDays,
          },
          timezone: s.zone,
          slotIntervalMinutes: s.interval,
          nowMs: fromMs - s.nowBeforeFromMinutes * MIN + s.nowExtraMs,
          fromMs,
          toMs: fromMs + s.lengthMinutes * MIN,
          calendars: s.calendars.map((calendar, i) => ({
            staffId: `calendar-${i}`,
            workingHours: calendar.blocks,
            busy: calendar.busy.map(toInterval),
            timeOff: calendar.timeOff.map(toInterval),
          })),
        };
        const expected = new TextDecoder().decode(toAvailabilityJson(computeAvailability(input), input.timezone));
        const window = answerWindow(input.rules, true, input.nowMs, input.fromMs, input.toMs);
        const firstMs = window ? window.firstMs - s.widenBackMinutes * MIN : Infinity;
        const lastMs = window ? window.lastMs + s.widenOnMinutes * MIN : -Infinity;
        const table = buildSlotTable({ ...input, firstMs, lastMs });
        expect(Buffer.concat(answerFromSlotTable(table, window).pieces).toString("utf8")).toBe(expected);
      }),
      { numRuns: 600 },
    );
  });

  it("answer no slots on every calendar when the service offers none", () => {
    const calendars = [0, 1].map((i) => ({ staffId: `calendar-${i}`, workingHours: [], busy: [], timeOff: [] }));
    const rules = { durationMinutes: 30, bufferBeforeMinutes: 0, bufferAfterMinutes: 0, minLeadMinutes: 0, maxAdvanceDays: 60 };
    const table = buildSlotTable({ rules, timezone: "UTC", slotIntervalMinutes: 15, calendars, firstMs: Infinity, lastMs: -Infinity });
    const json = JSON.parse(Buffer.concat(answerFromSlotTable(table, answerWindow(rules, false, 0, 0, DAY)).pieces).toString("utf8"));
    expect(json).toEqual({
      data: [
        { staff_id: "calendar-0", slots: [] },
        { staff_id: "calendar-1", slots: [] },
      ],
    });
  });
});
