import fc from "fast-check";
import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { answerStableUntil, classifyStart, computeAvailability, type AvailabilityInput, type CalendarInput, type Interval, type WeeklyBlock } from "./engine";

/**
 * The engine against a brute-force oracle written from docs/decisions.md#bookings alone: walk every whole
 * minute, ask luxon what the wall clock reads there, and test each rule literally. It shares
 * no code with the engine (no offset segments, no block pieces, no sweeps).
 */

const ZONES = [
  "America/New_York",
  "Europe/London",
  "Europe/Paris",
  "Australia/Sydney",
  "Australia/Lord_Howe",
  "Asia/Kolkata",
  "Asia/Kathmandu",
  "America/St_Johns",
  "Pacific/Chatham",
  "America/Santiago",
  "America/Sao_Paulo",
  "Pacific/Auckland",
  "Asia/Tehran",
  "UTC",
];
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
/** The oracle asks luxon about every minute; generous for a loaded CI machine. */
const PROPERTY_TIMEOUT_MS = 180_000;

/** Every instant in 2025–2030 where the zone's offset changes, found by scanning hours. */
function transitionsOf(zone: string): number[] {
  const found: number[] = [];
  const start = Date.UTC(2025, 0, 1);
  const end = Date.UTC(2031, 0, 1);
  let previous = DateTime.fromMillis(start, { zone }).offset;
  for (let t = start + HOUR; t < end; t += HOUR) {
    const offset = DateTime.fromMillis(t, { zone }).offset;
    if (offset !== previous) found.push(t);
    previous = offset;
  }
  return found;
}
const TRANSITIONS = new Map(ZONES.map((zone) => [zone, transitionsOf(zone)]));

type Wall = { date: string; weekday: number; minute: number };

/** What the clock on the wall reads at each whole minute of [fromMs, toMs). */
function wallClock(zone: string, fromMs: number, toMs: number): Map<number, Wall> {
  const walls = new Map<number, Wall>();
  for (let t = fromMs; t < toMs; t += MIN) {
    const local = DateTime.fromMillis(t, { zone });
    walls.set(t, { date: local.toISODate()!, weekday: local.weekday % 7, minute: local.hour * 60 + local.minute });
  }
  return walls;
}

type OracleCheck = "ok" | "taken" | "outside_working_hours" | "not_offered";

function oracleCheck(input: AvailabilityInput, calendar: CalendarInput, walls: Map<number, Wall>, t: number): OracleCheck {
  const { rules } = input;
  const wall = walls.get(t)!;
  // Every minute of the appointment reads a time inside the block, on the start's date.
  const inside = (block: WeeklyBlock) => {
    for (let u = t; u < t + rules.durationMinutes * MIN; u += MIN) {
      const at = walls.get(u)!;
      if (at.date !== wall.date || at.weekday !== block.weekday || at.minute < block.startMinute || at.minute >= block.endMinute) return false;
    }
    return true;
  };
  const containing = calendar.workingHours.filter(inside);
  if (containing.length === 0) return "outside_working_hours";
  if (!containing.some((block) => (wall.minute - block.startMinute) % input.slotIntervalMinutes === 0)) return "not_offered";
  if (t < input.nowMs + rules.minLeadMinutes * MIN || t > input.nowMs + rules.maxAdvanceDays * DAY) return "not_offered";
  const occupiedStart = t - rules.bufferBeforeMinutes * MIN;
  const occupiedEnd = t + (rules.durationMinutes + rules.bufferAfterMinutes) * MIN;
  const overlaps = (i: Interval) => i.startMs < occupiedEnd && occupiedStart < i.endMs;
  return [...calendar.timeOff, ...calendar.busy].some(overlaps) ? "taken" : "ok";
}

function oracleSlots(input: AvailabilityInput, walls: Map<number, Wall>): { staffId: string; slots: Interval[] }[] {
  const first = Math.ceil(input.fromMs / MIN) * MIN;
  return input.calendars.map((calendar) => {
    const slots: Interval[] = [];
    for (let t = first; t < input.toMs; t += MIN) {
      if (oracleCheck(input, calendar, walls, t) === "ok") slots.push({ startMs: t, endMs: t + input.rules.durationMinutes * MIN });
    }
    return { staffId: calendar.staffId, slots };
  });
}

const minuteOfDay = fc.oneof(fc.integer({ min: 0, max: 1439 }), fc.constantFrom(0, 30, 60, 90, 105, 120, 150, 165, 180, 210, 225, 540, 1380, 1410));
const blockArb = fc
  .record({ weekday: fc.integer({ min: 0, max: 6 }), start: minuteOfDay, length: fc.integer({ min: 1, max: 600 }) })
  .map(({ weekday, start, length }): WeeklyBlock => ({ weekday, startMinute: start, endMinute: Math.min(1440, start + length) }));
const everyDayBlocks = fc
  .record({ start: minuteOfDay, length: fc.oneof(fc.constantFrom(120, 180, 240, 480, 600, 720, 1440), fc.integer({ min: 1, max: 720 })) })
  .map(({ start, length }) =>
    [0, 1, 2, 3, 4, 5, 6].map((weekday): WeeklyBlock => ({ weekday, startMinute: start, endMinute: Math.min(1440, start + length) })),
  );

/** Mostly whole half hours, so boundaries (lead, advance, range ends, transitions) are hit exactly. */
function roundOrAny(min: number, max: number) {
  return fc.oneof(
    fc.integer({ min: Math.ceil(min / 30), max: Math.floor(max / 30) }).map((n) => n * 30),
    fc.integer({ min, max }),
  );
}

/** The parts of a scenario: anchored near a transition of 2025–2030, or on any day. */
const PARTS = {
  zone: fc.constantFrom(...ZONES),
  pick: fc.nat(),
  isNearTransition: fc.boolean(),
  anyDay: fc.integer({ min: 0, max: 6 * 365 }),
  fromShiftMinutes: roundOrAny(-36 * 60, 12 * 60),
  fromSeconds: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 59 })),
  lengthMinutes: fc.oneof(roundOrAny(12 * 60, 40 * 60), fc.integer({ min: 1, max: 40 * 60 })),
  interval: fc.oneof(fc.constantFrom(5, 10, 15, 20, 30, 45, 60, 90), fc.integer({ min: 1, max: 120 })),
  durationMinutes: fc.oneof(fc.constantFrom(15, 30, 45, 60, 90, 120, 180), fc.integer({ min: 1, max: 240 })),
  bufferBeforeMinutes: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 60 })),
  bufferAfterMinutes: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 60 })),
  minLeadMinutes: fc.oneof({ weight: 3, arbitrary: roundOrAny(0, 6 * 60) }, { weight: 1, arbitrary: roundOrAny(0, 48 * 60) }),
  maxAdvanceDays: fc.oneof({ weight: 3, arbitrary: fc.integer({ min: 2, max: 6 }) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 2 }) }),
  nowShiftMinutes: fc.oneof({ weight: 3, arbitrary: roundOrAny(-36 * 60, 6 * 60) }, { weight: 1, arbitrary: roundOrAny(-6 * 24 * 60, 24 * 60) }),
  nowExtraMs: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: MIN - 1 })),
  calendars: fc.array(
    fc.record({
      blocks: fc.oneof(
        everyDayBlocks,
        fc.array(blockArb, { maxLength: 6 }),
        fc.tuple(everyDayBlocks, fc.array(blockArb, { maxLength: 3 })).map(([a, b]) => [...a, ...b]),
      ),
      timeOff: fc.array(fc.record({ at: fc.integer({ min: -12 * 60, max: 72 * 60 }), length: fc.integer({ min: 1, max: 8 * 60 }) }), { maxLength: 2 }),
      busy: fc.array(fc.record({ at: roundOrAny(-12 * 60, 72 * 60), length: fc.oneof(fc.constantFrom(30, 60, 90), fc.integer({ min: 1, max: 4 * 60 })) }), {
        maxLength: 5,
      }),
    }),
    { minLength: 1, maxLength: 3 },
  ),
};

function scenarioOf(overrides: Partial<typeof PARTS> = {}) {
  return fc.record({ ...PARTS, ...overrides }).map(toInput);
}

function toInput(s: { [K in keyof typeof PARTS]: (typeof PARTS)[K] extends fc.Arbitrary<infer T> ? T : never }): AvailabilityInput {
  const transitions = TRANSITIONS.get(s.zone)!;
  const anchor = s.isNearTransition && transitions.length > 0 ? transitions[s.pick % transitions.length]! : Date.UTC(2025, 0, 1) + s.anyDay * DAY;
  const fromMs = anchor + s.fromShiftMinutes * MIN + s.fromSeconds * 1000;
  const toInterval = (range: { at: number; length: number }): Interval => ({
    startMs: fromMs + range.at * MIN,
    endMs: fromMs + (range.at + range.length) * MIN,
  });
  return {
    rules: {
      durationMinutes: s.durationMinutes,
      bufferBeforeMinutes: s.bufferBeforeMinutes,
      bufferAfterMinutes: s.bufferAfterMinutes,
      minLeadMinutes: s.minLeadMinutes,
      maxAdvanceDays: s.maxAdvanceDays,
    },
    timezone: s.zone,
    slotIntervalMinutes: s.interval,
    nowMs: fromMs + s.nowShiftMinutes * MIN + s.nowExtraMs,
    fromMs,
    toMs: fromMs + s.lengthMinutes * MIN,
    calendars: s.calendars.map((calendar, index) => ({
      staffId: `calendar-${index}`,
      workingHours: calendar.blocks,
      timeOff: calendar.timeOff.map(toInterval),
      busy: calendar.busy.map(toInterval),
    })),
  };
}

const scenario = scenarioOf();

/**
 * Dense transition days: the range always holds a clock change, every day has a block
 * around the change, nothing is busy and lead/advance never cut in, so appointments that
 * straddle the change (the hard case) are common.
 */
const transitionDay = scenarioOf({
  zone: fc.constantFrom(...ZONES.filter((zone) => TRANSITIONS.get(zone)!.length > 0)),
  isNearTransition: fc.constant(true),
  fromShiftMinutes: roundOrAny(-16 * 60, -60),
  lengthMinutes: roundOrAny(20 * 60, 30 * 60),
  durationMinutes: fc.constantFrom(30, 45, 60, 90, 120, 180),
  interval: fc.constantFrom(15, 20, 30, 45, 60),
  minLeadMinutes: fc.constant(0),
  maxAdvanceDays: fc.constant(5),
  nowShiftMinutes: fc.constant(-24 * 60),
  calendars: fc.array(
    fc.record({
      blocks: fc
        .record({ start: fc.integer({ min: 0, max: 20 }).map((n) => n * 15), length: fc.integer({ min: 4, max: 48 }).map((n) => n * 15) })
        .map(({ start, length }) =>
          [0, 1, 2, 3, 4, 5, 6].map((weekday): WeeklyBlock => ({ weekday, startMinute: start, endMinute: Math.min(1440, start + length) })),
        ),
      timeOff: fc.constant([]),
      busy: fc.constant([]),
    }),
    { minLength: 1, maxLength: 2 },
  ),
});

function wallsFor(input: AvailabilityInput): Map<number, Wall> {
  const first = Math.ceil(input.fromMs / MIN) * MIN;
  return wallClock(input.timezone, first, input.toMs + (input.rules.durationMinutes + 1) * MIN);
}

describe("engine = brute-force oracle", () => {
  it("finds the transitions it is meant to test", () => {
    expect(TRANSITIONS.get("America/New_York")).toHaveLength(12);
    expect(TRANSITIONS.get("Australia/Lord_Howe")).toHaveLength(12);
    expect(TRANSITIONS.get("Asia/Kathmandu")).toHaveLength(0);
  });

  it(
    "offers exactly the oracle's slots across zones and the DST transitions of 2025–2030",
    () => {
      fc.assert(
        fc.property(scenario, (input) => {
          expect(computeAvailability(input)).toEqual(oracleSlots(input, wallsFor(input)));
        }),
        { numRuns: 250 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    "agrees on clock-change days, where appointments straddle the change",
    () => {
      fc.assert(
        fc.property(transitionDay, (input) => {
          expect(computeAvailability(input)).toEqual(oracleSlots(input, wallsFor(input)));
        }),
        { numRuns: 120 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    "agrees when now + min_lead or now + max_advance_days lands exactly on a start",
    () => {
      fc.assert(
        fc.property(scenario, fc.nat(), fc.boolean(), fc.integer({ min: 0, max: 1 }), (input, pick, isLead, nudgeMs) => {
          const open = { ...input, nowMs: input.fromMs - 30 * DAY, rules: { ...input.rules, minLeadMinutes: 0, maxAdvanceDays: 60 } };
          const walls = wallsFor(input);
          const candidates = oracleSlots(open, walls).flatMap((calendar) => calendar.slots);
          if (candidates.length === 0) return;
          const target = candidates[pick % candidates.length]!.startMs;
          const nowMs = isLead ? target - input.rules.minLeadMinutes * MIN + nudgeMs : target - input.rules.maxAdvanceDays * DAY - nudgeMs;
          const exact = { ...input, nowMs };
          expect(computeAvailability(exact)).toEqual(oracleSlots(exact, walls));
        }),
        { numRuns: 200 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    "classifies any start exactly like the oracle (what booking creation relies on)",
    () => {
      fc.assert(
        fc.property(fc.oneof(scenario, transitionDay), fc.array(fc.nat(), { minLength: 1, maxLength: 40 }), (input, picks) => {
          const walls = wallsFor(input);
          const first = Math.ceil(input.fromMs / MIN) * MIN;
          const minutes = Math.max(1, Math.floor((input.toMs - first) / MIN));
          const calendar = input.calendars[0]!;
          for (const pick of picks) {
            const t = first + (pick % minutes) * MIN;
            if (t >= input.toMs) continue;
            expect(classifyStart(input, calendar, t)).toBe(oracleCheck(input, calendar, walls, t));
          }
        }),
        { numRuns: 200 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    "keeps its answer while the clock stays before answerStableUntil (what the answer cache relies on)",
    () => {
      // now lands anywhere, or within a minute before a start's lead or advance boundary.
      const nearBoundary = fc.tuple(scenario, fc.nat(), fc.boolean(), fc.integer({ min: 0, max: MIN })).map(([input, pick, isLead, beforeMs]) => {
        const open = { ...input, nowMs: input.fromMs - 30 * DAY, rules: { ...input.rules, minLeadMinutes: 0, maxAdvanceDays: 60 } };
        const candidates = computeAvailability(open).flatMap((calendar) => calendar.slots);
        if (candidates.length === 0) return input;
        const target = candidates[pick % candidates.length]!.startMs;
        const boundary = isLead ? target - input.rules.minLeadMinutes * MIN : target - input.rules.maxAdvanceDays * DAY;
        return { ...input, nowMs: boundary - beforeMs };
      });
      fc.assert(
        fc.property(fc.oneof(scenario, nearBoundary), fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 4 }), (input, fractions) => {
          const untilMs = answerStableUntil(input.timezone, input.nowMs, input.fromMs, input.toMs);
          expect(untilMs).toBeGreaterThan(input.nowMs);
          expect(untilMs).toBeLessThanOrEqual(input.nowMs + MIN);
          const answer = computeAvailability(input);
          const later = [untilMs - 1, ...fractions.map((f) => input.nowMs + Math.floor(f * (untilMs - 1 - input.nowMs)))];
          for (const nowMs of later) expect(computeAvailability({ ...input, nowMs })).toEqual(answer);
        }),
        { numRuns: 400 },
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});
