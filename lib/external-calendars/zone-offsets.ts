import ICAL from "ical.js";

/** A zone's offset from UTC in seconds at a wall time (its clock read as if it were UTC, in ms). */
type OffsetAt = (wallMs: number) => number;

/**
 * The document's VTIMEZONEs whose offsets are kept for this read (memoizeZoneOffsets): weakly,
 * so they go with the parsed document; each holds at most a few entries per date the read asks.
 */
const kept = new WeakMap<ICAL.Timezone, OffsetAt>();

/**
 * ical.js works out a VTIMEZONE's offset for a wall time from the zone's list of changes,
 * copying entries on every call (about 30 µs each). Our own reading (instantOfWall) keeps
 * ical.js's answers for each of the document's zones, per local date: a date whose first and
 * last second have one offset has it all day (no zone changes its offset and back within a
 * day; tzdata has no such case), and on a date with a change each wall time is asked of
 * ical.js itself. ical.js is left as it is: nothing of it is replaced, its own comparisons
 * (an exception's recurrence id) pay its own price.
 */
export function memoizeZoneOffsets(calendar: ICAL.Component): void {
  for (const vtimezone of calendar.getAllSubcomponents("vtimezone")) {
    const tzid = vtimezone.getFirstPropertyValue("tzid");
    const zone = typeof tzid === "string" ? calendar.getTimeZoneByID(tzid) : null;
    if (!zone || kept.has(zone)) continue;
    const utcOffset = zone.utcOffset.bind(zone);
    // Per local date: its offset, or null when it changes that day (then per wall time).
    const byDate = new Map<number, number | null>();
    const byWallTime = new Map<number, number>();
    const offsetAt: OffsetAt = (wallMs) => {
      const date = wallMs - mod(wallMs, DAY_MS);
      let offset = byDate.get(date);
      if (offset === undefined) {
        const day = new Date(date);
        const fields = { year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate() };
        const first = utcOffset(ICAL.Time.fromData({ ...fields, hour: 0, minute: 0, second: 0 }));
        const last = utcOffset(ICAL.Time.fromData({ ...fields, hour: 23, minute: 59, second: 59 }));
        byDate.set(date, (offset = first === last ? first : null));
      }
      if (offset !== null) return offset;
      let exact = byWallTime.get(wallMs);
      if (exact === undefined) {
        const at = new Date(wallMs);
        const time = ICAL.Time.fromData({
          year: at.getUTCFullYear(),
          month: at.getUTCMonth() + 1,
          day: at.getUTCDate(),
          hour: at.getUTCHours(),
          minute: at.getUTCMinutes(),
          second: at.getUTCSeconds(),
        });
        byWallTime.set(wallMs, (exact = utcOffset(time)));
      }
      return exact;
    };
    kept.set(zone, offsetAt);
  }
}

const DAY_MS = 86_400_000;

function mod(value: number, by: number): number {
  return ((value % by) + by) % by;
}

/**
 * The instant (epoch ms) of a wall time in an ical.js zone, as ical.js's toUnixTime answers it
 * (the wall time less the zone's offset there): UTC, or a VTIMEZONE of the document whose
 * offsets are kept; undefined for any other zone (floating, or a TZID the document did not define).
 */
export function instantOfWall(zone: ICAL.Timezone, wallMs: number): number | undefined {
  if (zone === ICAL.Timezone.utcTimezone) return wallMs;
  const offsetAt = kept.get(zone);
  return offsetAt ? wallMs - offsetAt(wallMs) * 1000 : undefined;
}

/** An ical.js time's wall clock read as if it were UTC. */
export function wallMsOf(time: ICAL.Time): number {
  return Date.UTC(time.year, time.month - 1, time.day, time.isDate ? 0 : time.hour, time.isDate ? 0 : time.minute, time.isDate ? 0 : time.second);
}
