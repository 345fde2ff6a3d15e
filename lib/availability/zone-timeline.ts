import { IANAZone } from "luxon";

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
 * Offsets at sample instants, per zone: a pure function of (zone, instant) that luxon answers
 * in ~10 µs, asked for the same midnights by every request. Bounded; cleared when full.
 */
const sampleOffsets = new Map<string, number>();
const MAX_CACHED_SAMPLES = 100_000;

/**
 * The zone's offsets over [fromMs, toMs] as consecutive segments, the first starting at
 * fromMs and the last ending at toMs. Wall time is then `instant + offsetMs` inside a
 * segment, so slot math is plain arithmetic per segment and never assumes one offset for
 * a whole range (the DST bug of slot generation from an offset taken "now").
 */
export function buildZoneTimeline(timezone: string, fromMs: number, toMs: number): OffsetSegment[] {
  const zone = IANAZone.create(timezone);
  if (!zone.isValid) throw new Error(`invalid time zone ${timezone}`);
  const offsetAt = (ms: number) => Math.round(zone.offset(ms) * MINUTE_MS);
  const sampleAt = (ms: number) => {
    const key = `${timezone}@${ms}`;
    let offset = sampleOffsets.get(key);
    if (offset === undefined) {
      if (sampleOffsets.size >= MAX_CACHED_SAMPLES) sampleOffsets.clear();
      sampleOffsets.set(key, (offset = offsetAt(ms)));
    }
    return offset;
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
    const change = findChange(offsetAt, probe, next, segmentOffset);
    segments.push({ startMs: segmentStart, endMs: change, offsetMs: segmentOffset });
    segmentStart = change;
    segmentOffset = offsetAt(change);
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
