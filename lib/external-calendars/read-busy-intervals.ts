import ICAL from "ical.js";
import { DateTime } from "luxon";
import { findIana } from "windows-iana";
import { seriesStartNear, wallMsOf } from "./series-start";

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
    const parsed = ICAL.parse(source);
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
  return expandEvents(
    calendars.flatMap((calendar) => calendar.getAllSubcomponents("vevent")),
    options,
  );
}

function expandEvents(components: ICAL.Component[], options: ReadOptions): BusyInterval[] {
  const masters = new Map<string, ICAL.Component>();
  const exceptions = new Map<string, ICAL.Component[]>();
  components.forEach((component, index) => {
    if (!component.hasProperty("dtstart")) throw new FeedError("An event has no DTSTART.");
    const uid = String(component.getFirstPropertyValue("uid") ?? `no-uid-${index}`);
    if (component.hasProperty("recurrence-id")) exceptions.set(uid, [...(exceptions.get(uid) ?? []), component]);
    else masters.set(uid, component);
  });
  const intervals: BusyInterval[] = [];
  const push = (interval: BusyInterval) => {
    intervals.push(interval);
    if (intervals.length > MAX_BUSY_INTERVALS)
      throw new FeedError(`The calendar holds more than ${MAX_BUSY_INTERVALS.toLocaleString("en-US")} busy times in the synced window.`);
  };
  for (const [uid, component] of masters) {
    let event: ICAL.Event;
    try {
      event = new ICAL.Event(component, { exceptions: exceptions.get(uid) ?? [], strictExceptions: false });
      exceptions.delete(uid);
      expandOne(event, uid, options, push);
    } catch (error) {
      if (error instanceof FeedError) throw error;
      throw new FeedError("An event has an invalid date, duration or recurrence rule (RRULE).");
    }
  }
  // A moved occurrence whose series is not in the document (a calendar shared partly) is an event of its own.
  for (const [uid, orphans] of exceptions) {
    for (const component of orphans) {
      try {
        expandOne(new ICAL.Event(component), uid, options, push);
      } catch (error) {
        if (error instanceof FeedError) throw error;
        throw new FeedError("An event has an invalid date or duration.");
      }
    }
  }
  return intervals;
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
  const iterator = event.iterator(seriesStartNear(event, options.fromMs, lengthMs));
  const duration = event.duration;
  const isMasterBusy = isBusy(event.component);
  for (let next = iterator.next(); next; next = iterator.next()) {
    // The wall time read as UTC is within 14 hours of the instant in any zone: enough to
    // pass over or stop without ical.js's zone arithmetic, the costly part of a long series.
    const wallMs = wallMsOf(next);
    if (wallMs - MAX_OFFSET_MS >= options.toMs) break;
    if (wallMs + MAX_OFFSET_MS < skipBeforeMs) continue;
    const nextMs = toMs(next, options.zone, masterZones.start);
    // Occurrences come in order of their original start; a moved one may land anywhere.
    if (nextMs >= options.toMs) break;
    if (nextMs < skipBeforeMs) continue;
    if (!hasExceptions) {
      // What getOccurrenceDetails answers for an occurrence no exception touches, with the
      // series' duration worked out once instead of per occurrence.
      const end = next.clone();
      end.addDuration(duration);
      const interval = isMasterBusy ? toInterval(next, end, masterZones, options) : undefined;
      if (interval && meets(interval, options)) push({ ...interval, uid });
      continue;
    }
    const details = event.getOccurrenceDetails(next);
    const interval = toInterval(details.startDate, details.endDate, details.item === event ? masterZones : zonesOf(details.item.component), options);
    if (!interval) continue;
    if (isBusy(details.item.component) && meets(interval, options)) push({ ...interval, uid });
  }
}

/**
 * ical.js works out a VTIMEZONE's offset for a wall time from the zone's list of changes,
 * copying entries on every call, and asks for it on every comparison of two times: a weekly
 * series asks several times per occurrence, about 30 µs each. Each of the document's zones
 * keeps ical.js's answers for this read, per local date: a date whose first and last second
 * have one offset has it all day (no zone changes its offset and back within a day; tzdata
 * has no such case), and on a date with a change each wall time is asked of ical.js itself.
 */
function memoizeZoneOffsets(calendar: ICAL.Component): void {
  for (const vtimezone of calendar.getAllSubcomponents("vtimezone")) {
    const tzid = vtimezone.getFirstPropertyValue("tzid");
    const zone = typeof tzid === "string" ? calendar.getTimeZoneByID(tzid) : null;
    if (!zone) continue;
    const utcOffset = zone.utcOffset.bind(zone);
    // Per local date: its offset, or null when it changes that day (then per wall time).
    const byDate = new Map<number, number | null>();
    const byWallTime = new Map<number, number>();
    zone.utcOffset = (time: ICAL.Time) => {
      const { year, month, day } = time;
      const date = Date.UTC(year, month - 1, day);
      let offset = byDate.get(date);
      if (offset === undefined) {
        const first = utcOffset(ICAL.Time.fromData({ year, month, day, hour: 0, minute: 0, second: 0 }));
        const last = utcOffset(ICAL.Time.fromData({ year, month, day, hour: 23, minute: 59, second: 59 }));
        byDate.set(date, (offset = first === last ? first : null));
      }
      if (offset !== null) return offset;
      const wallMs = wallMsOf(time);
      let exact = byWallTime.get(wallMs);
      if (exact === undefined) byWallTime.set(wallMs, (exact = utcOffset(time)));
      return exact;
    };
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
  if (zone && zone !== ICAL.Timezone.localTimezone && zone.tzid !== "floating") return time.toUnixTime() * 1000;
  return DateTime.fromObject(fields, { zone: ianaZoneOf(tzid) ?? workspaceZone }).toMillis();
}

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
  zoneCache.set(tzid, zone);
  return zone;
}
