import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { toZonedIso } from "@/lib/time/zoned";
import {
  answerStableUntil,
  classifyStart,
  computeAvailability,
  type AvailabilityInput,
  type CalendarInput,
  type ServiceRules,
  type WeeklyBlock,
} from "./engine";

const RULES: ServiceRules = { durationMinutes: 30, bufferBeforeMinutes: 0, bufferAfterMinutes: 0, minLeadMinutes: 0, maxAdvanceDays: 365 };
const DAY = 86_400_000;

const ms = (iso: string) => Date.parse(iso);

/** Slots of one calendar over one local date, written like the API writes them. */
function slotsOn(
  zone: string,
  isoDate: string,
  blocks: WeeklyBlock[],
  options: { rules?: Partial<ServiceRules>; interval?: number; calendar?: Partial<CalendarInput>; nowMs?: number } = {},
): string[] {
  const day = DateTime.fromISO(isoDate, { zone });
  const fromMs = day.startOf("day").toMillis();
  const toMs = day.plus({ days: 1 }).startOf("day").toMillis();
  const [calendar] = computeAvailability({
    rules: { ...RULES, ...options.rules },
    timezone: zone,
    slotIntervalMinutes: options.interval ?? 30,
    calendars: [{ staffId: "c", workingHours: blocks, timeOff: [], busy: [], ...options.calendar }],
    nowMs: options.nowMs ?? fromMs - 30 * DAY,
    fromMs,
    toMs,
  });
  return calendar!.slots.map((slot) => `${toZonedIso(new Date(slot.startMs), zone)}/${toZonedIso(new Date(slot.endMs), zone)}`);
}

const startsOf = (slots: string[]) => slots.map((slot) => slot.split("/")[0]);
const block = (weekday: number, start: string, end: string): WeeklyBlock => ({
  weekday,
  startMinute: toMinute(start),
  endMinute: toMinute(end),
});
function toMinute(hhmm: string): number {
  const [h, m] = hhmm.split(":").map(Number);
  return h! * 60 + m!;
}

describe("09:00–17:00 on daylight-saving transition days is exactly that", () => {
  const cases: [string, string, string][] = [
    ["America/New_York", "2025-03-09", "-04:00"],
    ["America/New_York", "2025-11-02", "-05:00"],
    ["Europe/London", "2025-03-30", "+01:00"],
    ["Europe/London", "2025-10-26", "+00:00"],
    ["Australia/Sydney", "2025-04-06", "+10:00"],
    ["Australia/Sydney", "2025-10-05", "+11:00"],
    ["Australia/Lord_Howe", "2025-04-06", "+10:30"],
    ["Australia/Lord_Howe", "2025-10-05", "+11:00"],
    ["Pacific/Chatham", "2025-09-28", "+13:45"],
    ["America/St_Johns", "2025-03-09", "-02:30"],
  ];
  it.each(cases)("%s on %s", (zone, date, offset) => {
    const weekday = DateTime.fromISO(date).weekday % 7;
    const slots = slotsOn(zone, date, [block(weekday, "09:00", "17:00")]);
    expect(slots).toHaveLength(16);
    expect(slots[0]).toBe(`${date}T09:00:00${offset}/${date}T09:30:00${offset}`);
    expect(slots[15]).toBe(`${date}T16:30:00${offset}/${date}T17:00:00${offset}`);
    expect(startsOf(slots).map((start) => start!.slice(11, 16))).toEqual(
      Array.from({ length: 16 }, (_, i) => `${String(9 + Math.floor(i / 2)).padStart(2, "0")}:${i % 2 ? "30" : "00"}`),
    );
  });
});

describe("01:00–03:00 blocks across the transitions", () => {
  it("clocks forward (New York): wall times that do not exist are never offered", () => {
    expect(slotsOn("America/New_York", "2025-03-09", [block(0, "01:00", "03:00")])).toEqual([
      "2025-03-09T01:00:00-05:00/2025-03-09T01:30:00-05:00",
      "2025-03-09T01:30:00-05:00/2025-03-09T03:00:00-04:00",
    ]);
  });

  it("clocks back (New York): a repeated wall time is offered once per offset", () => {
    expect(startsOf(slotsOn("America/New_York", "2025-11-02", [block(0, "01:00", "03:00")]))).toEqual([
      "2025-11-02T01:00:00-04:00",
      "2025-11-02T01:30:00-04:00",
      "2025-11-02T01:00:00-05:00",
      "2025-11-02T01:30:00-05:00",
      "2025-11-02T02:00:00-05:00",
      "2025-11-02T02:30:00-05:00",
    ]);
  });

  it("clocks back: the block lasts the real three hours the clock shows, so an hour-long visit fits across the change", () => {
    const slots = slotsOn("America/New_York", "2025-11-02", [block(0, "01:00", "03:00")], { rules: { durationMinutes: 60 } });
    expect(slots).toEqual([
      "2025-11-02T01:00:00-04:00/2025-11-02T01:00:00-05:00",
      "2025-11-02T01:30:00-04:00/2025-11-02T01:30:00-05:00",
      "2025-11-02T01:00:00-05:00/2025-11-02T02:00:00-05:00",
      "2025-11-02T01:30:00-05:00/2025-11-02T02:30:00-05:00",
      "2025-11-02T02:00:00-05:00/2025-11-02T03:00:00-05:00",
    ]);
  });

  it("clocks forward: the block lasts one real hour, so a two-hour visit never fits", () => {
    expect(slotsOn("America/New_York", "2025-03-09", [block(0, "01:00", "03:00")], { rules: { durationMinutes: 120 } })).toEqual([]);
    expect(slotsOn("America/New_York", "2025-03-09", [block(0, "01:00", "03:00")], { rules: { durationMinutes: 60 } })).toEqual([
      "2025-03-09T01:00:00-05:00/2025-03-09T03:00:00-04:00",
    ]);
  });

  it("Lord Howe's 30-minute change: 02:00–02:29 skipped in spring, 01:30–01:59 twice in autumn", () => {
    expect(startsOf(slotsOn("Australia/Lord_Howe", "2025-10-05", [block(0, "01:00", "03:00")]))).toEqual([
      "2025-10-05T01:00:00+10:30",
      "2025-10-05T01:30:00+10:30",
      "2025-10-05T02:30:00+11:00",
    ]);
    expect(startsOf(slotsOn("Australia/Lord_Howe", "2025-04-06", [block(0, "01:00", "03:00")]))).toEqual([
      "2025-04-06T01:00:00+11:00",
      "2025-04-06T01:30:00+11:00",
      "2025-04-06T01:30:00+10:30",
      "2025-04-06T02:00:00+10:30",
      "2025-04-06T02:30:00+10:30",
    ]);
  });

  it("Santiago changes at midnight: 00:00–00:59 does not exist on the spring day", () => {
    expect(startsOf(slotsOn("America/Santiago", "2025-09-07", [block(0, "00:00", "02:00")]))).toEqual([
      "2025-09-07T01:00:00-03:00",
      "2025-09-07T01:30:00-03:00",
    ]);
  });

  it("Santiago in autumn: Saturday 23:00–23:59 happens twice", () => {
    expect(startsOf(slotsOn("America/Santiago", "2025-04-05", [block(6, "23:00", "24:00")]))).toEqual([
      "2025-04-05T23:00:00-03:00",
      "2025-04-05T23:30:00-03:00",
      "2025-04-05T23:00:00-04:00",
      "2025-04-05T23:30:00-04:00",
    ]);
  });
});

describe("working-hours rules", () => {
  const monday = "2026-03-02"; // Europe/Paris, no transition

  it("counts the interval from each block's start", () => {
    expect(startsOf(slotsOn("Europe/Paris", monday, [block(1, "09:10", "10:30")])).map((s) => s!.slice(11, 16))).toEqual(["09:10", "09:40"]);
  });

  it("never joins touching blocks: an appointment across the seam is not offered", () => {
    const starts = startsOf(slotsOn("Europe/Paris", monday, [block(1, "09:00", "12:00"), block(1, "12:00", "14:00")], { rules: { durationMinutes: 60 } }));
    expect(starts.map((s) => s!.slice(11, 16))).toEqual(["09:00", "09:30", "10:00", "10:30", "11:00", "12:00", "12:30", "13:00"]);
  });

  it("offers one start once when overlapping blocks both propose it", () => {
    const starts = startsOf(slotsOn("Europe/Paris", monday, [block(1, "09:00", "11:00"), block(1, "10:00", "12:00")], { rules: { durationMinutes: 60 } }));
    expect(starts.map((s) => s!.slice(11, 16))).toEqual(["09:00", "09:30", "10:00", "10:30", "11:00"]);
  });

  it("takes only the weekday's blocks and a block may end at midnight", () => {
    expect(slotsOn("Europe/Paris", monday, [block(2, "09:00", "10:00")])).toEqual([]);
    expect(startsOf(slotsOn("Europe/Paris", monday, [block(1, "23:00", "24:00")])).map((s) => s!.slice(11, 16))).toEqual(["23:00", "23:30"]);
  });
});

describe("busy intervals, time off and buffers", () => {
  const zone = "UTC";
  const day = "2026-03-02";
  const hours = [block(1, "09:00", "12:00")];
  const at = (hhmm: string) => ms(`${day}T${hhmm}:00Z`);
  const times = (slots: string[]) => startsOf(slots).map((s) => s!.slice(11, 16));

  it("a busy range removes overlapping starts; back-to-back is fine (half-open)", () => {
    const busy = [{ startMs: at("10:00"), endMs: at("10:30") }];
    expect(times(slotsOn(zone, day, hours, { calendar: { busy } }))).toEqual(["09:00", "09:30", "10:30", "11:00", "11:30"]);
  });

  it("the new booking's buffers widen its occupied range on both sides", () => {
    const busy = [{ startMs: at("10:00"), endMs: at("10:30") }];
    const slots = slotsOn(zone, day, hours, { calendar: { busy }, rules: { bufferBeforeMinutes: 15, bufferAfterMinutes: 15 } });
    expect(times(slots)).toEqual(["09:00", "11:00", "11:30"]);
  });

  it("buffers may reach outside working hours; only the appointment must be inside", () => {
    expect(times(slotsOn(zone, day, hours, { rules: { bufferBeforeMinutes: 60, bufferAfterMinutes: 60 } }))).toHaveLength(6);
  });

  it("time off removes overlapping starts like a booking", () => {
    const timeOff = [{ startMs: at("09:15"), endMs: at("11:00") }];
    expect(times(slotsOn(zone, day, hours, { calendar: { timeOff } }))).toEqual(["11:00", "11:30"]);
  });
});

describe("lead, advance and the requested range", () => {
  const base: Omit<AvailabilityInput, "nowMs" | "fromMs" | "toMs" | "rules"> = {
    timezone: "UTC",
    slotIntervalMinutes: 60,
    calendars: [{ staffId: "c", workingHours: [0, 1, 2, 3, 4, 5, 6].map((d) => block(d, "00:00", "24:00")), timeOff: [], busy: [] }],
  };
  const run = (rules: Partial<ServiceRules>, nowIso: string, fromIso: string, toIso: string) =>
    computeAvailability({ ...base, rules: { ...RULES, ...rules }, nowMs: ms(nowIso), fromMs: ms(fromIso), toMs: ms(toIso) })[0]!.slots.map((slot) =>
      new Date(slot.startMs).toISOString().slice(0, 16),
    );

  it("a start at exactly now + min_lead is offered, one earlier is not", () => {
    expect(run({ minLeadMinutes: 120 }, "2026-03-02T08:00:00Z", "2026-03-02T08:00:00Z", "2026-03-02T12:00:00Z")).toEqual([
      "2026-03-02T10:00",
      "2026-03-02T11:00",
    ]);
  });

  it("a start at exactly now + max_advance_days × 24 h is offered, one later is not", () => {
    expect(run({ maxAdvanceDays: 1 }, "2026-03-02T08:00:00Z", "2026-03-03T06:00:00Z", "2026-03-03T12:00:00Z")).toEqual([
      "2026-03-03T06:00",
      "2026-03-03T07:00",
      "2026-03-03T08:00",
    ]);
  });

  it("lists a slot when its start is in [from, to): from inclusive, to exclusive, end may pass to", () => {
    expect(run({ durationMinutes: 90 }, "2026-03-01T00:00:00Z", "2026-03-02T09:00:00Z", "2026-03-02T11:00:00Z")).toEqual([
      "2026-03-02T09:00",
      "2026-03-02T10:00",
    ]);
  });

  it("is empty for an empty or inverted range, and for a zero slot interval", () => {
    expect(run({}, "2026-03-01T00:00:00Z", "2026-03-02T09:00:00Z", "2026-03-02T09:00:00Z")).toEqual([]);
    const zero = computeAvailability({
      ...base,
      slotIntervalMinutes: 0,
      rules: RULES,
      nowMs: 0,
      fromMs: ms("2026-03-02T00:00:00Z"),
      toMs: ms("2026-03-03T00:00:00Z"),
    });
    expect(zero[0]!.slots).toEqual([]);
  });
});

describe("classifyStart", () => {
  const zone = "America/New_York";
  const calendar: CalendarInput = {
    staffId: "c",
    workingHours: [block(1, "09:00", "12:00")],
    timeOff: [],
    busy: [{ startMs: ms("2026-03-02T15:00:00Z"), endMs: ms("2026-03-02T15:30:00Z") }], // 10:00–10:30 local
  };
  const input = { rules: { ...RULES, minLeadMinutes: 60 }, timezone: zone, slotIntervalMinutes: 30, nowMs: ms("2026-03-01T12:00:00Z") };
  const check = (iso: string, overrides: Partial<typeof input> = {}) => classifyStart({ ...input, ...overrides }, calendar, ms(iso));

  it("tells ok, taken, outside working hours and not offered apart", () => {
    expect(check("2026-03-02T09:00:00-05:00")).toBe("ok");
    expect(check("2026-03-02T10:00:00-05:00")).toBe("taken");
    expect(check("2026-03-02T11:45:00-05:00")).toBe("outside_working_hours"); // would end 12:15
    expect(check("2026-03-02T08:30:00-05:00")).toBe("outside_working_hours");
    expect(check("2026-03-03T09:00:00-05:00")).toBe("outside_working_hours"); // Tuesday
    expect(check("2026-03-02T09:10:00-05:00")).toBe("not_offered"); // off the grid
    expect(check("2026-03-02T09:00:30-05:00")).toBe("not_offered"); // not a whole minute
    expect(check("2026-03-02T09:00:00-05:00", { nowMs: ms("2026-03-02T13:30:00Z") })).toBe("not_offered"); // lead
    expect(check("2026-03-02T09:00:00-05:00", { rules: { ...input.rules, maxAdvanceDays: 0 } })).toBe("not_offered");
  });

  it("off the grid or outside the lead window beats taken", () => {
    expect(check("2026-03-02T10:10:00-05:00")).toBe("not_offered");
    expect(check("2026-03-02T10:00:00-05:00", { nowMs: ms("2026-03-02T14:30:00Z") })).toBe("not_offered");
  });

  it("offers both instants of a repeated wall time", () => {
    const night: CalendarInput = { staffId: "c", workingHours: [block(0, "01:00", "03:00")], timeOff: [], busy: [] };
    const classify = (iso: string) => classifyStart({ ...input, rules: RULES, nowMs: ms("2025-10-01T00:00:00Z") }, night, ms(iso));
    expect(classify("2025-11-02T01:30:00-04:00")).toBe("ok");
    expect(classify("2025-11-02T01:30:00-05:00")).toBe("ok");
    expect(classify("2025-11-02T01:15:00-05:00")).toBe("not_offered");
    // 02:30 EST exists; 02:30 on the spring day does not, and 07:30Z reads 03:30 EDT.
    expect(classify("2025-11-02T02:30:00-05:00")).toBe("ok");
    expect(classifyStart({ ...input, rules: RULES, nowMs: ms("2025-10-01T00:00:00Z") }, night, ms("2025-03-09T07:30:00Z"))).toBe("outside_working_hours");
  });

  it("agrees with the minute interval: one minute past a slot is never ok", () => {
    expect(check("2026-03-02T09:01:00-05:00")).toBe("not_offered");
  });
});

describe("answerStableUntil", () => {
  const range = [ms("2026-03-02T00:00:00Z"), ms("2026-04-02T00:00:00Z")] as const;

  it("holds an answer until the next whole minute, where a start can cross now + max_advance", () => {
    const now = ms("2026-03-01T08:59:30Z");
    const until = answerStableUntil("America/New_York", now, ...range);
    expect(until).toBe(ms("2026-03-01T09:00:00Z"));
    // A 09:00 start one day ahead: out at 08:59:30, in from 09:00:00 exactly.
    const rules = { ...RULES, maxAdvanceDays: 1 };
    const startsAt = (nowMs: number) =>
      computeAvailability({
        rules,
        timezone: "UTC",
        slotIntervalMinutes: 30,
        calendars: [{ staffId: "c", workingHours: [1].map((weekday) => ({ weekday, startMinute: 540, endMinute: 570 })), timeOff: [], busy: [] }],
        nowMs,
        fromMs: ms("2026-03-02T00:00:00Z"),
        toMs: ms("2026-03-03T00:00:00Z"),
      })[0]!.slots.length;
    expect(startsAt(now)).toBe(0);
    expect(startsAt(until - 1)).toBe(0);
    expect(startsAt(until)).toBe(1);
  });

  it("holds an answer computed exactly on a minute for that instant only", () => {
    const now = ms("2026-03-01T09:00:00Z");
    expect(answerStableUntil("Europe/Paris", now, ...range)).toBe(now + 1);
  });

  it("holds an answer for one instant only where the zone's offset has seconds", () => {
    // Africa/Monrovia kept −00:44:30 until 1972: its starts are not whole minutes.
    const now = ms("1971-06-01T08:59:30Z");
    expect(answerStableUntil("Africa/Monrovia", now, ms("1971-06-02T00:00:00Z"), ms("1971-06-09T00:00:00Z"))).toBe(now + 1);
  });
});

describe("group sessions (capacity above 1)", () => {
  // 2026-03-02 is a Monday; a class of 4, an hour long, on a calendar working 09:00–13:00 UTC.
  const hours = [block(1, "09:00", "13:00")];
  const rules = { ...RULES, durationMinutes: 60, capacity: 4 };
  const session = (start: string, seatsTaken: number) => ({
    startMs: ms(start),
    occupied: { startMs: ms(start), endMs: ms(start) + 3_600_000 },
    seatsTaken,
  });
  function seats(calendar: Partial<CalendarInput>): [string, number | undefined][] {
    const [slots] = computeAvailability({
      rules,
      timezone: "UTC",
      slotIntervalMinutes: 30,
      calendars: [{ staffId: "c", workingHours: hours, timeOff: [], busy: [], ...calendar }],
      nowMs: ms("2026-03-01T00:00:00Z"),
      fromMs: ms("2026-03-02T00:00:00Z"),
      toMs: ms("2026-03-03T00:00:00Z"),
    });
    return slots!.slots.map((slot) => [new Date(slot.startMs).toISOString().slice(11, 16), slot.seatsLeft]);
  }

  it("offers every start with the whole capacity while no session is open", () => {
    expect(seats({})).toEqual([
      ["09:00", 4],
      ["09:30", 4],
      ["10:00", 4],
      ["10:30", 4],
      ["11:00", 4],
      ["11:30", 4],
      ["12:00", 4],
    ]);
  });

  it("offers an open session only at its own start with the seats it has left; a full one nowhere", () => {
    expect(seats({ sessions: [session("2026-03-02T10:00:00Z", 3)] })).toEqual([
      ["09:00", 4],
      ["10:00", 1],
      ["11:00", 4],
      ["11:30", 4],
      ["12:00", 4],
    ]);
    expect(seats({ sessions: [session("2026-03-02T10:00:00Z", 4)] })).toEqual([
      ["09:00", 4],
      ["11:00", 4],
      ["11:30", 4],
      ["12:00", 4],
    ]);
  });

  it("does not offer a session that something else now overlaps (time off, another booking)", () => {
    const open = session("2026-03-02T10:00:00Z", 1);
    expect(seats({ sessions: [open], timeOff: [{ startMs: ms("2026-03-02T10:30:00Z"), endMs: ms("2026-03-02T11:00:00Z") }] })).toEqual([
      ["09:00", 4],
      ["11:00", 4],
      ["11:30", 4],
      ["12:00", 4],
    ]);
  });

  it("classifies a start the way a create needs it: join while a seat is left, taken when full or overlapped", () => {
    const input = { rules, timezone: "UTC", slotIntervalMinutes: 30, nowMs: ms("2026-03-01T00:00:00Z") };
    const calendar = (seatsTaken: number): CalendarInput => ({
      staffId: "c",
      workingHours: hours,
      timeOff: [],
      busy: [],
      sessions: [session("2026-03-02T10:00:00Z", seatsTaken)],
    });
    expect(classifyStart(input, calendar(3), ms("2026-03-02T10:00:00Z"))).toBe("ok");
    expect(classifyStart(input, calendar(4), ms("2026-03-02T10:00:00Z"))).toBe("taken");
    expect(classifyStart(input, calendar(1), ms("2026-03-02T10:30:00Z"))).toBe("taken");
    expect(classifyStart(input, calendar(1), ms("2026-03-02T11:00:00Z"))).toBe("ok");
  });
});
