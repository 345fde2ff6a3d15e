import { buildZoneTimeline, DAY_MS, MINUTE_MS, offsetAtInstant, type OffsetSegment } from "./zone-timeline";

/**
 * The slot engine: a pure function of its input (no database, no clock). Instants are epoch
 * milliseconds. The rules are docs/decisions.md#bookings:
 * - the appointment [start, start + duration) lies inside ONE working-hours block; a block
 *   is a stretch of local wall time on one local date, so it lasts whatever real time the
 *   clock shows inside it that day, and two blocks never join even when they touch;
 * - starts sit on the slot interval counted in wall minutes from the block's start: a wall
 *   time that does not exist (clocks forward) is never offered, one that happens twice
 *   (clocks back) is offered once per offset;
 * - the occupied range [start − buffer_before, end + buffer_after) overlaps no time off and
 *   no busy interval (all half-open, so back-to-back is fine);
 * - start ≥ now + min_lead_minutes and start ≤ now + max_advance_days × 24 h (real time);
 * - the start lies in the requested range [from, to): a slot is listed by its start only.
 */

export type ServiceRules = {
  durationMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  minLeadMinutes: number;
  maxAdvanceDays: number;
  /** Seats per session; above 1 the service is a group service (docs/group-sessions.md). Absent: 1. */
  capacity?: number;
};

/** weekday 0 is Sunday; minutes after local midnight in the workspace zone, end exclusive. */
export type WeeklyBlock = { weekday: number; startMinute: number; endMinute: number };

/** A half-open real-time interval [startMs, endMs). */
export type Interval = { startMs: number; endMs: number };

export type CalendarInput = {
  staffId: string;
  workingHours: WeeklyBlock[];
  timeOff: Interval[];
  /** Occupied ranges of the calendar's live bookings, each already widened by its own buffers. */
  busy: Interval[];
  /**
   * A group service's own sessions on this calendar (their bookings are not in `busy`): each
   * occupies its range for every other start, and is offered at its own start while it has a
   * seat left (docs/group-sessions.md).
   */
  sessions?: SessionInput[];
};

/** One session of the asked group service: its start, the range its bookings occupy, its live bookings. */
export type SessionInput = { startMs: number; occupied: Interval; seatsTaken: number };

export type AvailabilityInput = {
  rules: ServiceRules;
  timezone: string;
  slotIntervalMinutes: number;
  calendars: CalendarInput[];
  nowMs: number;
  fromMs: number;
  toMs: number;
};

/** `seatsLeft`: only for a group service (capacity above 1). */
export type Slot = Interval & { seatsLeft?: number };
export type CalendarSlots = { staffId: string; slots: Slot[] };

/** Why one start is or is not bookable on one calendar (see classifyStart). */
export type StartCheck = "ok" | "taken" | "outside_working_hours" | "not_offered";

/** A requested range beyond this many days needs no more than this much zone data around it. */
const ZONE_MARGIN_MS = 2 * DAY_MS;

/** The real-time window of starts the rules allow: [firstMs, lastMs], or null when empty. */
export function allowedStartWindow(rules: ServiceRules, nowMs: number, fromMs: number, toMs: number) {
  const firstMs = Math.max(fromMs, nowMs + rules.minLeadMinutes * MINUTE_MS);
  // `to` is exclusive; instants are whole milliseconds.
  const lastMs = Math.min(toMs - 1, nowMs + rules.maxAdvanceDays * DAY_MS);
  return firstMs <= lastMs ? { firstMs, lastMs } : null;
}

/**
 * The first instant after nowMs at which the same input could answer differently because the
 * clock moved (data unchanged; holds lapsing are the loader's part). The clock enters only
 * through `start ≥ now + min_lead` and `start ≤ now + max_advance`, and every candidate start
 * is a whole minute when the zone's offsets over [fromMs, toMs) are, so both tests keep their
 * outcome while now stays strictly inside one minute: the answer holds on
 * [nowMs, next whole minute). A now exactly on a minute (where both tests may flip) or a zone
 * with an offset of seconds (before 1972 in tzdata) holds only for nowMs itself.
 */
export function answerStableUntil(timezone: string, nowMs: number, fromMs: number, toMs: number): number {
  const nextMinuteMs = (Math.floor(nowMs / MINUTE_MS) + 1) * MINUTE_MS;
  if (nowMs % MINUTE_MS === 0) return nowMs + 1;
  const timeline = buildZoneTimeline(timezone, fromMs - ZONE_MARGIN_MS, toMs + ZONE_MARGIN_MS);
  return timeline.every((segment) => segment.offsetMs % MINUTE_MS === 0) ? nextMinuteMs : nowMs + 1;
}

/** Every calendar's offered slots, sorted by start, in the order the calendars were given. */
export function computeAvailability(input: AvailabilityInput): CalendarSlots[] {
  const window = allowedStartWindow(input.rules, input.nowMs, input.fromMs, input.toMs);
  if (!window || !isUsable(input)) return input.calendars.map((calendar) => ({ staffId: calendar.staffId, slots: [] }));
  const timeline = buildZoneTimeline(input.timezone, window.firstMs - ZONE_MARGIN_MS, window.lastMs + ZONE_MARGIN_MS);
  const days = localDaysOf(timeline, window.firstMs, window.lastMs);
  // Calendars usually share their hours: each (date, block) is worked out once per call.
  const blockStarts = memoizeBlockStarts(input, timeline, window.firstMs, window.lastMs);
  return input.calendars.map((calendar) => ({
    staffId: calendar.staffId,
    slots: computeCalendarSlots(input, calendar, days, blockStarts),
  }));
}

function isUsable(input: AvailabilityInput): boolean {
  const { durationMinutes, bufferBeforeMinutes, bufferAfterMinutes } = input.rules;
  return (
    Number.isInteger(input.slotIntervalMinutes) &&
    input.slotIntervalMinutes > 0 &&
    Number.isInteger(durationMinutes) &&
    durationMinutes > 0 &&
    bufferBeforeMinutes >= 0 &&
    bufferAfterMinutes >= 0
  );
}

type BlockStarts = (dayMs: number, block: WeeklyBlock) => number[];

/**
 * The starts of one block on one local date that fit inside it and lie in [firstMs, lastMs],
 * ascending, before any busy time is considered.
 */
function memoizeBlockStarts(input: AvailabilityInput, timeline: OffsetSegment[], firstMs: number, lastMs: number): BlockStarts {
  const durationMs = input.rules.durationMinutes * MINUTE_MS;
  const cache = new Map<string, number[]>();
  return (dayMs, block) => {
    const key = `${dayMs}:${block.startMinute}:${block.endMinute}`;
    let starts = cache.get(key);
    if (starts) return starts;
    starts = [];
    const pieces = blockPieces(timeline, dayMs, block);
    for (const start of gridStarts(timeline, dayMs, block, input.slotIntervalMinutes)) {
      if (start < firstMs || start > lastMs) continue;
      if (pieces.some((piece) => piece.startMs <= start && start + durationMs <= piece.endMs)) starts.push(start);
    }
    cache.set(key, starts);
    return starts;
  };
}

function computeCalendarSlots(input: AvailabilityInput, calendar: CalendarInput, days: number[], blockStarts: BlockStarts): Slot[] {
  const durationMs = input.rules.durationMinutes * MINUTE_MS;
  const blocksByWeekday = groupByWeekday(calendar.workingHours);
  const starts: number[] = [];
  for (const dayMs of days) {
    for (const block of blocksByWeekday[weekdayOf(dayMs)]!) {
      for (const start of blockStarts(dayMs, block)) starts.push(start);
    }
  }
  if (!isSorted(starts)) starts.sort((a, b) => a - b);

  const capacity = input.rules.capacity ?? 1;
  if (capacity > 1) return groupSlots(input.rules, calendar, starts, capacity);
  const conflicts = mergeIntervals([...calendar.timeOff, ...calendar.busy]);
  const beforeMs = input.rules.bufferBeforeMinutes * MINUTE_MS;
  const afterMs = durationMs + input.rules.bufferAfterMinutes * MINUTE_MS;
  const slots: Slot[] = [];
  // Starts ascend, so occupied ranges ascend too: one pointer sweeps the merged conflicts.
  let next = 0;
  let previous = Number.NaN;
  for (const start of starts) {
    if (start === previous) continue; // overlapping blocks may propose one start twice
    previous = start;
    const occupiedStart = start - beforeMs;
    const occupiedEnd = start + afterMs;
    while (next < conflicts.length && conflicts[next]!.endMs <= occupiedStart) next++;
    if (next < conflicts.length && conflicts[next]!.startMs < occupiedEnd) continue;
    slots.push({ startMs: start, endMs: start + durationMs });
  }
  return slots;
}

/**
 * A group service's slots on one calendar (docs/group-sessions.md): a start is offered when
 * its occupied range meets no time off, no busy range and no session of the service, with
 * every seat left; and at a session's own start while it has a seat left and nothing but the
 * session itself meets that range, with the seats it has left. A full session is offered
 * nowhere, and a session blocks every other start its range meets.
 */
function groupSlots(rules: ServiceRules, calendar: CalendarInput, starts: number[], capacity: number): Slot[] {
  const durationMs = rules.durationMinutes * MINUTE_MS;
  const beforeMs = rules.bufferBeforeMinutes * MINUTE_MS;
  const afterMs = durationMs + rules.bufferAfterMinutes * MINUTE_MS;
  const sessions = calendar.sessions ?? [];
  const others = mergeIntervals([...calendar.timeOff, ...calendar.busy]);
  const all = sessions.length === 0 ? others : mergeIntervals([...others, ...sessions.map((session) => session.occupied)]);
  const byStart = new Map(sessions.map((session) => [session.startMs, session]));
  const slots: Slot[] = [];
  let previous = Number.NaN;
  for (const start of starts) {
    if (start === previous) continue;
    previous = start;
    const occupied = { startMs: start - beforeMs, endMs: start + afterMs };
    const session = byStart.get(start);
    if (session === undefined) {
      if (!overlapsMerged(all, occupied)) slots.push({ startMs: start, endMs: start + durationMs, seatsLeft: capacity });
      continue;
    }
    const seatsLeft = capacity - session.seatsTaken;
    if (seatsLeft <= 0 || overlapsMerged(others, occupied)) continue;
    if (sessions.some((other) => other !== session && overlaps(other.occupied, occupied))) continue;
    slots.push({ startMs: start, endMs: start + durationMs, seatsLeft });
  }
  return slots;
}

const overlaps = (a: Interval, b: Interval) => a.startMs < b.endMs && b.startMs < a.endMs;

/** Whether `range` meets any of `merged` (sorted, disjoint): one binary search. */
function overlapsMerged(merged: Interval[], range: Interval): boolean {
  let low = 0;
  let high = merged.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (merged[middle]!.endMs <= range.startMs) low = middle + 1;
    else high = middle;
  }
  return low < merged.length && merged[low]!.startMs < range.endMs;
}

/**
 * One start on one calendar, told apart the way booking creation needs it. Precedence:
 * not inside any block → outside_working_hours; inside but off the grid or outside the
 * lead/advance window → not_offered; only a time-off or busy overlap → taken.
 */
export function classifyStart(input: Omit<AvailabilityInput, "calendars" | "fromMs" | "toMs">, calendar: CalendarInput, startMs: number): StartCheck {
  if (!isUsable({ ...input, calendars: [], fromMs: startMs, toMs: startMs + 1 })) return "not_offered";
  const durationMs = input.rules.durationMinutes * MINUTE_MS;
  const timeline = buildZoneTimeline(input.timezone, startMs - ZONE_MARGIN_MS, startMs + ZONE_MARGIN_MS);
  const wallMs = startMs + offsetAtInstant(timeline, startMs);
  const dayMs = Math.floor(wallMs / DAY_MS) * DAY_MS;
  const containing = calendar.workingHours.filter(
    (block) =>
      block.weekday === weekdayOf(dayMs) &&
      blockPieces(timeline, dayMs, block).some((piece) => piece.startMs <= startMs && startMs + durationMs <= piece.endMs),
  );
  if (containing.length === 0) return "outside_working_hours";

  const wallMinute = (wallMs - dayMs) / MINUTE_MS;
  const isOnGrid = containing.some((block) => Number.isInteger(wallMinute) && (wallMinute - block.startMinute) % input.slotIntervalMinutes === 0);
  if (!isOnGrid || !allowedStartWindow(input.rules, input.nowMs, startMs, startMs + 1)) return "not_offered";

  const meets = meetsOccupied(input, startMs);
  if (calendar.timeOff.some(meets) || calendar.busy.some(meets)) return "taken";
  // A group service: its own session at this start is joined while it has a seat; any other meets it.
  const own = calendar.sessions?.find((session) => session.startMs === startMs);
  if (own && own.seatsTaken >= (input.rules.capacity ?? 1)) return "taken";
  return calendar.sessions?.some((session) => session !== own && meets(session.occupied)) ? "taken" : "ok";
}

/**
 * The real-time pieces of one block on one local date: the instants whose wall clock reads
 * a minute in [startMinute, endMinute) of that date. Usually one piece; a block that holds
 * part of a repeated hour can be two. Pieces that touch are one stretch (the clock jumped).
 */
function blockPieces(timeline: OffsetSegment[], dayMs: number, block: WeeklyBlock): Interval[] {
  const wallStart = dayMs + block.startMinute * MINUTE_MS;
  const wallEnd = dayMs + block.endMinute * MINUTE_MS;
  const pieces: Interval[] = [];
  for (const segment of timeline) {
    const startMs = Math.max(segment.startMs, wallStart - segment.offsetMs);
    const endMs = Math.min(segment.endMs, wallEnd - segment.offsetMs);
    if (startMs >= endMs) continue;
    const last = pieces[pieces.length - 1];
    if (last && last.endMs === startMs) last.endMs = endMs;
    else pieces.push({ startMs, endMs });
  }
  return pieces;
}

/**
 * The instants whose wall time is on the block's grid (start + k × interval, before its
 * end) that date: none for a wall time skipped by the clock, two for a repeated one.
 * Ascending: segments ascend and each contributes its starts in wall order.
 */
function* gridStarts(timeline: OffsetSegment[], dayMs: number, block: WeeklyBlock, intervalMinutes: number) {
  const stepMs = intervalMinutes * MINUTE_MS;
  const wallStart = dayMs + block.startMinute * MINUTE_MS;
  const wallEnd = dayMs + block.endMinute * MINUTE_MS;
  for (const segment of timeline) {
    const segmentWallStart = segment.startMs + segment.offsetMs;
    const segmentWallEnd = segment.endMs + segment.offsetMs;
    if (segmentWallEnd <= wallStart || segmentWallStart >= wallEnd) continue;
    const skip = Math.max(0, Math.ceil((segmentWallStart - wallStart) / stepMs));
    for (let wall = wallStart + skip * stepMs; wall < wallEnd && wall < segmentWallEnd; wall += stepMs) {
      yield wall - segment.offsetMs;
    }
  }
}

/** The local dates (as UTC-midnight ms of the wall date) that starts in [firstMs, lastMs] fall on. */
function localDaysOf(timeline: OffsetSegment[], firstMs: number, lastMs: number): number[] {
  const firstDay = Math.floor((firstMs + offsetAtInstant(timeline, firstMs)) / DAY_MS);
  const lastDay = Math.floor((lastMs + offsetAtInstant(timeline, lastMs)) / DAY_MS);
  const days: number[] = [];
  // A day either side covers offsets that change inside the window.
  for (let day = firstDay - 1; day <= lastDay + 1; day++) days.push(day * DAY_MS);
  return days;
}

/** 1970-01-01 was a Thursday (4); weekday 0 is Sunday. */
function weekdayOf(dayMs: number): number {
  return (((Math.floor(dayMs / DAY_MS) + 4) % 7) + 7) % 7;
}

function groupByWeekday(blocks: WeeklyBlock[]): WeeklyBlock[][] {
  const byWeekday: WeeklyBlock[][] = [[], [], [], [], [], [], []];
  for (const block of blocks) {
    if (block.weekday >= 0 && block.weekday <= 6 && block.startMinute < block.endMinute) byWeekday[block.weekday]!.push(block);
  }
  for (const list of byWeekday) list.sort((a, b) => a.startMinute - b.startMinute);
  return byWeekday;
}

function isSorted(values: number[]): boolean {
  for (let i = 1; i < values.length; i++) if (values[i]! < values[i - 1]!) return false;
  return true;
}

/** Sorted, non-overlapping union of intervals (empty ones dropped). */
export function mergeIntervals(intervals: Interval[]): Interval[] {
  const sorted = intervals.filter((i) => i.startMs < i.endMs).sort((a, b) => a.startMs - b.startMs);
  const merged: Interval[] = [];
  for (const interval of sorted) {
    const last = merged[merged.length - 1];
    if (last && interval.startMs <= last.endMs) last.endMs = Math.max(last.endMs, interval.endMs);
    else merged.push({ ...interval });
  }
  return merged;
}

/** Whether an interval meets what an appointment at `startMs` would occupy (its buffers included). */
function meetsOccupied(input: Pick<AvailabilityInput, "rules">, startMs: number): (interval: Interval) => boolean {
  const occupiedStart = startMs - input.rules.bufferBeforeMinutes * MINUTE_MS;
  const occupiedEnd = startMs + input.rules.durationMinutes * MINUTE_MS + input.rules.bufferAfterMinutes * MINUTE_MS;
  return (interval) => interval.startMs < occupiedEnd && occupiedStart < interval.endMs;
}

/**
 * Why a start `classifyStart` called "taken" is taken, in classifyStart's order, so a refusal can say so:
 * "closed" when the calendar's time off covers it (nobody booked it), "booked" when a booking or a busy time
 * meets it, "full" when its own group session has no seat left (docs/group-sessions.md).
 */
export type TakenBy = "closed" | "booked" | "full";

export function takenBy(input: Pick<AvailabilityInput, "rules">, calendar: CalendarInput, startMs: number): TakenBy {
  const meets = meetsOccupied(input, startMs);
  if (calendar.timeOff.some(meets)) return "closed";
  if (calendar.busy.some(meets)) return "booked";
  const own = calendar.sessions?.find((session) => session.startMs === startMs);
  return own && own.seatsTaken >= (input.rules.capacity ?? 1) ? "full" : "booked";
}
