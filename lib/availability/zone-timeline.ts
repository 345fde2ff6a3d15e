import { IANAZone } from "luxon";
import { memoized } from "@/lib/cache/cache";

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** A stretch of real time during which the zone's UTC offset does not change. */
export type OffsetSegment = { startMs: number; endMs: number; offsetMs: number };

/**
 * Offsets are sampled at every UTC midnight and each change is then located to the
 * millisecond (several changes between two samples are all found, as long as the offset at
 * the next sample differs). Safe because no zone changes its offset and back again within
 * one day (tzdata has no such case).
 */
const SAMPLE_STEP_MS = DAY_MS;

/**
 * A zone's offset at a UTC midnight, keyed `zone@ms`: a pure function that luxon answers in
 * about 10 µs (a `formatToParts`), asked for the same midnights by every request.
 */
const offsetAtMidnight = memoized<number>({ maxBytes: 4 * 1024 * 1024, sizeOf: (_, key) => 64 + key.length }, (key) => {
  const at = key.lastIndexOf("@");
  return exactOffset(IANAZone.create(key.slice(0, at)), Number(key.slice(at + 1)));
});

const exactOffset = (zone: IANAZone, ms: number) => Math.round(zone.offset(ms) * MINUTE_MS);

/**
 * The zone's offsets over [fromMs, toMs] as consecutive segments, the first starting at
 * fromMs and the last ending at toMs. Wall time is then `instant + offsetMs` inside a
 * segment, so slot math is plain arithmetic per segment and never assumes one offset for
 * a whole range (the DST bug of slot generation from an offset taken "now").
 */
export function buildZoneTimeline(timezone: string, fromMs: number, toMs: number): OffsetSegment[] {
  const zone = IANAZone.create(timezone);
  if (!zone.isValid) throw new Error(`invalid time zone ${timezone}`);
  const sampleAt = (ms: number) => offsetAtMidnight(`${timezone}@${ms}`);
  // Inside a day whose two midnights share an offset, every instant has it (SAMPLE_STEP_MS);
  // only a day with a change asks luxon.
  const offsetAt = (ms: number) => {
    const midnight = Math.floor(ms / SAMPLE_STEP_MS) * SAMPLE_STEP_MS;
    const before = sampleAt(midnight);
    return before === sampleAt(midnight + SAMPLE_STEP_MS) ? before : exactOffset(zone, ms);
  };

  const segments: OffsetSegment[] = [];
  let segmentStart = fromMs;
  let segmentOffset = offsetAt(fromMs);
  let probe = fromMs;
  while (probe < toMs) {
    const next = Math.min((Math.floor(probe / SAMPLE_STEP_MS) + 1) * SAMPLE_STEP_MS, toMs);
    const nextOffset = next === toMs ? offsetAt(next) : sampleAt(next);
    if (nextOffset === segmentOffset) {
      probe = next;
      continue;
    }
    const change = findChange((ms) => exactOffset(zone, ms), probe, next, segmentOffset);
    segments.push({ startMs: segmentStart, endMs: change, offsetMs: segmentOffset });
    segmentStart = change;
    segmentOffset = exactOffset(zone, change);
    // Look again from the change: another one may follow before the next sample.
    probe = change;
  }
  segments.push({ startMs: segmentStart, endMs: toMs, offsetMs: segmentOffset });
  return segments;
}

/** The first instant in (low, high] whose offset differs from `before` (binary search). */
function findChange(offsetAt: (ms: number) => number, low: number, high: number, before: number): number {
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (offsetAt(middle) === before) low = middle;
    else high = middle;
  }
  return high;
}

/** The segment holding an instant (segments are sorted and contiguous). */
export function offsetAtInstant(timeline: OffsetSegment[], ms: number): number {
  for (const segment of timeline) if (ms < segment.endMs) return segment.offsetMs;
  return timeline[timeline.length - 1]!.offsetMs;
}
