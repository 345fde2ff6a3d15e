import ICAL from "ical.js";
import { DateTime } from "luxon";
import { findIana } from "windows-iana";
import { keepReadLines } from "./feed-lines";
import { seriesStartNear } from "./series-start";
import { instantOfWall, memoizeZoneOffsets, wallMsOf } from "./zone-offsets";

/** A document or its events past these is refused (docs/external-calendars.md). */
export const MAX_FEED_EVENTS = 50_000;
export const MAX_BUSY_INTERVALS = 50_000;

const DAY_MS = 86_400_000;
/** No zone is further than this from UTC (UTC+14, Kiribati). */
const MAX_OFFSET_MS = 15 * 3_600_000;

export type BusyInterval = { startMs: number; endMs: number; uid: string };

/** A document that cannot be read as busy times, in words safe to show (no event content). */
export class FeedError extends Error {
  override name = "FeedError";
}

type ReadOptions = {
  /** The workspace's zone: all-day and floating times are read in it. */
  zone: string;
  /** Only occurrences meeting [fromMs, toMs) are kept. */
  fromMs: number;
  toMs: number;
};

/**
 * The busy intervals of an iCalendar document: every VEVENT occurrence meeting the window,
 * with RRULE, RDATE, EXDATE and RECURRENCE-ID overrides expanded by ical.js (never by hand),
 * each time read in its own zone: the document's VTIMEZONE, else an IANA name or a Windows
 * name as Outlook writes it, or the workspace's zone for floating and all-day times. Transparent
 * ("free") and cancelled occurrences are not busy.
 */
export function readBusyIntervals(text: string, options: ReadOptions): BusyInterval[] {
  const source = text.replace(/^\uFEFF/, "");
  if (!/^\s*BEGIN:VCALENDAR/i.test(source)) throw new FeedError("The document is not an iCalendar document (it does not begin with BEGIN:VCALENDAR).");
  const eventCount = source.match(/^BEGIN:VEVENT\s*$/gim)?.length ?? 0;
  if (eventCount > MAX_FEED_EVENTS) throw new FeedError(`The calendar holds more than ${MAX_FEED_EVENTS.toLocaleString("en-US")} events.`);
  let calendars: ICAL.Component[];
  try {
    const parsed = ICAL.parse(keepReadLines(source));
    const list = (Array.isArray(parsed[0]) ? parsed : [parsed]) as unknown[];
    calendars = list.map((jcal) => new ICAL.Component(jcal as never)).filter((component) => component.name === "vcalendar");
  } catch (error) {
    // ical.js reads RRULE values as it parses; its message is not shown (it may quote the document).
    if (error instanceof Error && /frequency|recur|rrule|byday|until|count/i.test(error.message)) {
      throw new FeedError("An event has an invalid recurrence rule (RRULE).");
    }
    throw new FeedError("The document is not valid iCalendar.");
  }
  if (calendars.length === 0) throw new FeedError("The document is not an iCalendar document.");
  calendars.forEach(memoizeZoneOffsets);

  // ical.js reads a TZID from the document's own VTIMEZONE (it looks it up in the component
  // tree); a TZID without one is kept as a wall time and read here (IANA or Windows name).
  return expandEvents(calendars, options);
}

/** An event as parsed (jCal: name, properties, subcomponents) and the calendar it is in. */
type Parsed = { jcal: JCal; calendar: ICAL.Component };
type JCal = [string, JCalProperty[], unknown[]];
type JCalProperty = [string, Record<string, unknown>, string, ...unknown[]];

function expandEvents(calendars: ICAL.Component[], options: ReadOptions): BusyInterval[] {
  const masters = new Map<string, Parsed>();
  const exceptions = new Map<string, Parsed[]>();
  let index = 0;
  for (const calendar of calendars) {
    for (const jcal of calendar.jCal[2] as JCal[]) {
      if (jcal[0] !== "vevent") continue;
      const properties = jcal[1];
      if (!properties.some((property) => property[0] === "dtstart")) throw new FeedError("An event has no DTSTART.");
      const uidProperty = properties.find((property) => property[0] === "uid");
      const uid = String(uidProperty?.[3] ?? `no-uid-${index}`);
      index++;
      if (properties.some((property) => property[0] === "recurrence-id")) exceptions.set(uid, [...(exceptions.get(uid) ?? []), { jcal, calendar }]);
      else masters.set(uid, { jcal, calendar });
    }
  }
  const intervals: BusyInterval[] = [];
  const push = (interval: BusyInterval) => {
    intervals.push(interval);
    if (intervals.length > MAX_BUSY_INTERVALS)
      throw new FeedError(`The calendar holds more than ${MAX_BUSY_INTERVALS.toLocaleString("en-US")} busy times in the synced window.`);
  };
  const componentOf = ({ jcal, calendar }: Parsed) => new ICAL.Component(jcal as never, calendar);
  for (const [uid, master] of masters) {
    // Its exceptions are its own: not events of their own, even when the master is passed over.
    const own = exceptions.get(uid) ?? [];
    exceptions.delete(uid);
    if (surelyOutside(master.jcal, options)) continue;
    try {
      const event = new ICAL.Event(componentOf(master), { exceptions: own.map(componentOf), strictExceptions: false });
      expandOne(event, uid, options, push);
    } catch (error) {
      if (error instanceof FeedError) throw error;
      throw new FeedError("An event has an invalid date, duration or recurrence rule (RRULE).");
    }
  }
  // A moved occurrence whose series is not in the document (a calendar shared partly) is an event of its own.
  for (const [uid, orphans] of exceptions) {
    for (const orphan of orphans) {
      try {
        expandOne(new ICAL.Event(componentOf(orphan)), uid, options, push);
      } catch (error) {
        if (error instanceof FeedError) throw error;
        throw new FeedError("An event has an invalid date or duration.");
      }
    }
  }
  return intervals;
}

/** A date or date-time value as ical.js parses it ("2027-03-09" or "2027-03-09T08:00:00", maybe with "Z"): its wall time read as UTC. */
const JCAL_TIME = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}:\d{2}Z?)?$/;

function wallMsOfValue(value: unknown): number | undefined {
  if (typeof value !== "string" || !JCAL_TIME.test(value)) return undefined;
  const part = (from: number) => Number(value.slice(from, from + 2));
  const [month, day] = [part(5), part(8)];
  const [hour, minute, second] = value.length > 10 ? [part(11), part(14), part(17)] : [0, 0, 0];
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 60) return undefined;
  return Date.UTC(Number(value.slice(0, 4)), month - 1, day, hour, minute, second);
}

/**
 * Whether an event that does not recur cannot meet the window, from its DTSTART and DTEND
 * as parsed, before ical.js builds anything for it: a real export holds years of past single
 * events, and only those near the window are worth reading as times. Its wall times are
 * within 14 hours of its instants in any zone, and an all-day event without an end lasts a
 * day: a day and 15 hours of margin on either side. Anything else (a series, a DURATION, a
 * value not plainly a date or date-time) is read in full.
 */
function surelyOutside(jcal: JCal, options: ReadOptions): boolean {
  let startWallMs: number | undefined;
  let endWallMs: number | undefined;
  for (const property of jcal[1]) {
    const name = property[0];
    if (name === "rrule" || name === "rdate" || name === "duration") return false;
    if (name === "dtstart") startWallMs ??= wallMsOfValue(property[3]) ?? Number.NaN;
    else if (name === "dtend") endWallMs ??= wallMsOfValue(property[3]) ?? Number.NaN;
  }
  if (startWallMs === undefined || Number.isNaN(startWallMs) || Number.isNaN(endWallMs)) return false;
  const margin = DAY_MS + MAX_OFFSET_MS;
  return Math.max(startWallMs, endWallMs ?? startWallMs) + margin <= options.fromMs || startWallMs - margin >= options.toMs;
}

function expandOne(event: ICAL.Event, uid: string, options: ReadOptions, push: (interval: BusyInterval) => void): void {
  if (!event.isRecurring()) {
    if (!isBusy(event.component)) return;
    const interval = toInterval(event.startDate, event.endDate, zonesOf(event.component), options);
    if (interval && meets(interval, options)) push({ ...interval, uid });
    return;
  }
  const masterZones = zonesOf(event.component);
  // A series that began long ago is iterated from its start: occurrences that end before the
  // window are passed over on their start alone (details and zone work only for those that
  // may count), unless an exception could move one of them into the window.
  const hasExceptions = Object.keys(event.exceptions).length > 0 || event.rangeExceptions.length > 0;
  const master = toInterval(event.startDate, event.endDate, masterZones, options);
  const lengthMs = master ? master.endMs - master.startMs : 0;
  const skipBeforeMs = hasExceptions ? -Infinity : options.fromMs - lengthMs - DAY_MS;
  const isMasterBusy = isBusy(event.component);
  // Every occurrence is the master's own: none is busy when it is not.
  if (!hasExceptions && !isMasterBusy) return;
  const iterator = event.iterator(seriesStartNear(event, options.fromMs, lengthMs));
  const duration = event.duration;
  const durationMs = duration.toSeconds() * 1000;
  for (let next = iterator.next(); next; next = iterator.next()) {
    // The wall time read as UTC is within 14 hours of the instant in any zone: enough to
    // pass over or stop without ical.js's zone arithmetic, the costly part of a long series.
    const wallMs = wallMsOf(next);
    if (wallMs - MAX_OFFSET_MS >= options.toMs) break;
    if (wallMs + MAX_OFFSET_MS < skipBeforeMs) continue;
    // In UTC or a VTIMEZONE of the document, the instant is the wall time less the zone's kept
    // offset there, exactly what ical.js's toUnixTime answers, without copying the time.
    const zone = next.isDate ? undefined : next.zone;
    const keptMs = zone ? instantOfWall(zone, wallMs) : undefined;
    const nextMs = keptMs ?? toMs(next, options.zone, masterZones.start);
    // Occurrences come in order of their original start; a moved one may land anywhere.
    if (nextMs >= options.toMs) break;
    if (nextMs < skipBeforeMs) continue;
    if (!hasExceptions) {
      // What getOccurrenceDetails answers for an occurrence no exception touches, with the
      // series' duration worked out once instead of per occurrence: ical.js adds it to the
      // start's wall time (addDuration) and reads the end in the start's zone.
      if (zone && keptMs !== undefined) {
        const endMs = instantOfWall(zone, wallMs + durationMs) ?? Number.NaN;
        if (endMs > nextMs && endMs > options.fromMs) push({ startMs: nextMs, endMs, uid });
        continue;
      }
      const end = next.clone();
      end.addDuration(duration);
      const interval = toInterval(next, end, masterZones, options);
      if (interval && meets(interval, options)) push({ ...interval, uid });
      continue;
    }
    const details = event.getOccurrenceDetails(next);
    const interval = toInterval(details.startDate, details.endDate, details.item === event ? masterZones : zonesOf(details.item.component), options);
    if (!interval) continue;
    if (isBusy(details.item.component) && meets(interval, options)) push({ ...interval, uid });
  }
}

function meets(interval: { startMs: number; endMs: number }, options: ReadOptions): boolean {
  return interval.startMs < options.toMs && interval.endMs > options.fromMs;
}

/** TRANSP:TRANSPARENT, STATUS:CANCELLED and Outlook's "show as free" are not busy. */
function isBusy(component: ICAL.Component): boolean {
  if (String(component.getFirstPropertyValue("transp") ?? "").toUpperCase() === "TRANSPARENT") return false;
  if (String(component.getFirstPropertyValue("status") ?? "").toUpperCase() === "CANCELLED") return false;
  return String(component.getFirstPropertyValue("x-microsoft-cdo-busystatus") ?? "").toUpperCase() !== "FREE";
}

/**
 * All-day (DATE) events are busy from midnight to midnight in the workspace's zone; an
 * all-day event with no end lasts one day. A timed event with no end takes no time.
 */
function toInterval(start: ICAL.Time, end: ICAL.Time | undefined, tzids: EventZones, options: ReadOptions): { startMs: number; endMs: number } | undefined {
  const startMs = toMs(start, options.zone, tzids.start);
  let endMs = end ? toMs(end, options.zone, tzids.end) : startMs;
  if (start.isDate && endMs <= startMs) endMs = DateTime.fromMillis(startMs, { zone: options.zone }).plus({ days: 1 }).toMillis();
  if (!Number.isFinite(startMs) || !Number.isFinite(endMs) || endMs <= startMs) return undefined;
  return { startMs, endMs };
}

type EventZones = { start: string | undefined; end: string | undefined };

/** The TZID parameters of an event's DTSTART and DTEND (DTEND's defaults to DTSTART's). */
function zonesOf(component: ICAL.Component): EventZones {
  const start = tzidOf(component.getFirstProperty("dtstart"));
  return { start, end: tzidOf(component.getFirstProperty("dtend")) ?? start };
}

function tzidOf(property: ICAL.Property | null): string | undefined {
  const tzid = property?.getParameter("tzid");
  return typeof tzid === "string" ? tzid : undefined;
}

/** An ical.js time as an instant: its own zone when known, else an IANA or Windows TZID, else the workspace's zone (floating). */
function toMs(time: ICAL.Time, workspaceZone: string, tzid: string | undefined): number {
  const fields = {
    year: time.year,
    month: time.month,
    day: time.day,
    hour: time.isDate ? 0 : time.hour,
    minute: time.isDate ? 0 : time.minute,
    second: time.isDate ? 0 : time.second,
  };
  if (time.isDate) return DateTime.fromObject(fields, { zone: workspaceZone }).toMillis();
  const zone = time.zone;
  if (zone && zone !== ICAL.Timezone.localTimezone && zone.tzid !== "floating") return instantOfWall(zone, wallMsOf(time)) ?? time.toUnixTime() * 1000;
  return DateTime.fromObject(fields, { zone: ianaZoneOf(tzid) ?? workspaceZone }).toMillis();
}

/** TZIDs come from the documents read: the cache is bounded, and starts again when full. */
const MAX_KEPT_TZIDS = 256;
const zoneCache = new Map<string, string | undefined>();

/** An IANA name for a TZID the document did not define: itself when IANA knows it, else its Windows mapping. */
function ianaZoneOf(tzid: string | undefined): string | undefined {
  if (!tzid) return undefined;
  if (zoneCache.has(tzid)) return zoneCache.get(tzid);
  const bare = tzid.replace(/^\/+/, "").trim();
  let zone: string | undefined;
  if (DateTime.local().setZone(bare).isValid) zone = bare;
  else {
    const mapped = findIana(bare)?.[0];
    zone = mapped && DateTime.local().setZone(mapped).isValid ? mapped : undefined;
  }
  if (zoneCache.size >= MAX_KEPT_TZIDS) zoneCache.clear();
  zoneCache.set(tzid, zone);
  return zone;
}
