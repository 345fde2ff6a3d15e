import { toZonedIso } from "@/lib/time/zoned";
import type { CalendarSlots, Slot } from "./engine";
import { buildZoneTimeline, DAY_MS } from "./zone-timeline";

/**
 * A calendar's slots as JSON bytes ready to be cut: `bytes` is its slots' objects joined by
 * commas, `starts` their start instants ascending, and slot i's object begins at `offsets[i]`
 * (`offsets[n]` is one past the end, where a next comma would be). Any run of consecutive
 * slots is then one subarray of `bytes`.
 */
export type CalendarSlotBytes = { head: Uint8Array; starts: Float64Array; offsets: Uint32Array; bytes: Uint8Array };

/** UTF-8 bytes of a short string: Buffer.from costs a fraction of TextEncoder.encode per call here. */
const utf8 = (text: string): Uint8Array => Buffer.from(text, "utf8");
const OPEN = utf8(`{"data":[`);
const COMMA = utf8(",");
const CLOSE = utf8("]}");

/**
 * The availability answer ({data: StaffSlots[]}) as UTF-8 JSON, slot times written with the
 * workspace's offset on each instant.
 */
export function toAvailabilityJson(calendars: CalendarSlots[], timezone: string): Uint8Array<ArrayBuffer> {
  return sliceAvailabilityJson(toSlotBytes(calendars, timezone), -Infinity, Infinity);
}

/**
 * Each calendar's slots as bytes (CalendarSlotBytes). Written as bytes directly: a busy
 * 62-day answer holds 16,000 slots (1.1 MB), and building objects and stringifying them, or
 * even one long string to encode, cost more than the slot search itself. Calendars mostly
 * share their starts (and one answer has one duration), so each slot's bytes are written
 * once, keyed by its start, and copied where they recur. Slot strings are RFC 3339
 * date-times (nothing to escape).
 */
export function toSlotBytes(calendars: CalendarSlots[], timezone: string): CalendarSlotBytes[] {
  const format = formatterFor(calendars, timezone);
  const encodeSlot = (slot: Slot) =>
    utf8(
      slot.seatsLeft === undefined
        ? `{"start":"${format(slot.startMs)}","end":"${format(slot.endMs)}"}`
        : `{"start":"${format(slot.startMs)}","end":"${format(slot.endMs)}","seats_left":${slot.seatsLeft}}`,
    );
  const first = calendars.find((calendar) => calendar.slots.length > 0)?.slots[0];
  const durationMs = first ? first.endMs - first.startMs : 0;
  const shared = new Map<number, Uint8Array>();
  return calendars.map((calendar) => {
    const count = calendar.slots.length;
    const starts = new Float64Array(count);
    const offsets = new Uint32Array(count + 1);
    const pieces: Uint8Array[] = [];
    let at = 0;
    calendar.slots.forEach((slot, index) => {
      // A group service's slot is shared by its start and seats left (at most 500, so the key stays exact).
      const shareKey = slot.seatsLeft === undefined ? slot.startMs : slot.startMs * 1000 + slot.seatsLeft;
      let bytes = slot.endMs - slot.startMs === durationMs ? shared.get(shareKey) : encodeSlot(slot);
      if (bytes === undefined) shared.set(shareKey, (bytes = encodeSlot(slot)));
      if (index > 0) {
        pieces.push(COMMA);
        at += COMMA.length;
      }
      starts[index] = slot.startMs;
      offsets[index] = at;
      pieces.push(bytes);
      at += bytes.length;
    });
    offsets[count] = at + COMMA.length;
    return { head: utf8(`{"staff_id":${JSON.stringify(calendar.staffId)},"slots":[`), starts, offsets, bytes: concatBytes(pieces) };
  });
}

/** The answer ({data: StaffSlots[]}) holding each calendar's slots that start in [firstMs, lastMs]. */
export function sliceAvailabilityJson(calendars: CalendarSlotBytes[], firstMs: number, lastMs: number): Uint8Array<ArrayBuffer> {
  return concatBytes(sliceAvailabilityPieces(calendars, firstMs, lastMs).pieces);
}

/**
 * The same answer as pieces that, written one after another, make its bytes: each calendar's
 * run of slots is a view into its table's bytes (not a copy), and the punctuation and heads
 * between two runs are joined into one small piece. A busy 62-day answer is then about 20
 * pieces, and answering it allocates a few hundred bytes instead of a megabyte.
 *
 * `runs` says which slots each calendar's run holds: the starts of its first and last slot
 * (epoch ms), or `-` when it holds none. A calendar's slots at one revision are one list
 * (answer-cache.ts), so these name the bytes among every answer cut from it.
 */
export function sliceAvailabilityPieces(calendars: CalendarSlotBytes[], firstMs: number, lastMs: number): { pieces: Uint8Array[]; runs: string[] } {
  const pieces: Uint8Array[] = [];
  const runs: string[] = [];
  let between: Uint8Array[] = [OPEN];
  calendars.forEach((calendar, index) => {
    if (index > 0) between.push(COMMA);
    between.push(calendar.head);
    const begin = firstAtOrAfter(calendar.starts, firstMs);
    const end = firstAfter(calendar.starts, lastMs);
    runs.push(end > begin ? `${calendar.starts[begin]}-${calendar.starts[end - 1]}` : "-");
    if (end > begin) {
      pieces.push(concatBytes(between), calendar.bytes.subarray(calendar.offsets[begin]!, calendar.offsets[end]! - COMMA.length));
      between = [];
    }
    between.push(CLOSE);
  });
  between.push(CLOSE);
  pieces.push(concatBytes(between));
  return { pieces, runs };
}

/** The first index whose start is ≥ ms (binary search; starts ascend). */
function firstAtOrAfter(starts: Float64Array, ms: number): number {
  let low = 0;
  let high = starts.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (starts[middle]! < ms) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The first index whose start is > ms. */
function firstAfter(starts: Float64Array, ms: number): number {
  let low = 0;
  let high = starts.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (starts[middle]! <= ms) low = middle + 1;
    else high = middle;
  }
  return low;
}

function concatBytes(pieces: Uint8Array[]): Uint8Array<ArrayBuffer> {
  let size = 0;
  for (const piece of pieces) size += piece.length;
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const piece of pieces) {
    bytes.set(piece, at);
    at += piece.length;
  }
  return bytes;
}

function formatterFor(calendars: CalendarSlots[], timezone: string): (ms: number) => string {
  let firstMs = Infinity;
  let lastMs = -Infinity;
  for (const calendar of calendars) {
    if (calendar.slots.length === 0) continue;
    firstMs = Math.min(firstMs, calendar.slots[0]!.startMs);
    lastMs = Math.max(lastMs, calendar.slots[calendar.slots.length - 1]!.endMs);
  }
  return firstMs <= lastMs ? zonedFormatter(timezone, firstMs, lastMs) : (ms) => toZonedIso(new Date(ms), timezone);
}

/**
 * `toZonedIso` for many instants of one range, without a luxon DateTime per instant (which
 * cost about a second for the 16,000 slots of a busy 62-day answer): luxon writes the offset
 * suffix once per offset segment, and the wall date and time are arithmetic with each
 * distinct date and time of day written once. Whole-second instants only; anything else
 * goes through `toZonedIso`. serialize.test.ts proves they agree.
 */
export function zonedFormatter(timezone: string, fromMs: number, toMs: number): (ms: number) => string {
  const segments = buildZoneTimeline(timezone, fromMs, toMs + 1).map((segment) => {
    const probe = Math.min(Math.ceil(segment.startMs / 1000) * 1000, segment.endMs - 1);
    const suffix = toZonedIso(new Date(probe), timezone).slice(19);
    // A local-mean-time offset (not whole minutes) is written in UTC by toZonedIso: leave it to it.
    return { ...segment, suffix, isPlainOffset: /^([+-]\d\d:\d\d|Z)$/.test(suffix) && segment.offsetMs % 60_000 === 0 };
  });
  const dates = new Map<number, string>();
  const times = new Map<number, string>();
  return (ms) => {
    const segment = segments.find((candidate) => ms < candidate.endMs);
    if (!segment || ms < segment.startMs || ms % 1000 !== 0 || !segment.isPlainOffset) return toZonedIso(new Date(ms), timezone);
    const wallMs = ms + segment.offsetMs;
    const day = Math.floor(wallMs / DAY_MS);
    const second = (wallMs - day * DAY_MS) / 1000;
    let date = dates.get(day);
    if (date === undefined) dates.set(day, (date = new Date(day * DAY_MS).toISOString().slice(0, 11)));
    let time = times.get(second);
    if (time === undefined) times.set(second, (time = new Date(second * 1000).toISOString().slice(11, 19)));
    return date + time + segment.suffix;
  };
}
