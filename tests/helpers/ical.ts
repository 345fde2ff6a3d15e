import ICAL from "ical.js";

/**
 * Reads an iCalendar text with a real parser (ical.js, RFC 5545), so tests check what a
 * calendar app would read rather than the bytes we wrote.
 */
export type ParsedParty = { email: string; name: string | null; params: Record<string, string> };
export type ParsedEvent = {
  uid: string;
  sequence: number | null;
  dtstamp: Date | null;
  start: Date;
  end: Date;
  summary: string | null;
  description: string | null;
  location: string | null;
  url: string | null;
  status: string | null;
  organizer: ParsedParty | null;
  attendees: ParsedParty[];
};
export type ParsedCalendar = { method: string | null; version: string | null; prodid: string | null; name: string | null; events: ParsedEvent[] };

export function parseCalendar(text: string): ParsedCalendar {
  const root = new ICAL.Component(ICAL.parse(text));
  if (root.name !== "vcalendar") throw new Error(`not a VCALENDAR: ${root.name}`);
  return {
    method: stringOf(root.getFirstPropertyValue("method")),
    version: stringOf(root.getFirstPropertyValue("version")),
    prodid: stringOf(root.getFirstPropertyValue("prodid")),
    name: stringOf(root.getFirstPropertyValue("x-wr-calname")),
    events: root.getAllSubcomponents("vevent").map(readEvent),
  };
}

function readEvent(vevent: ICAL.Component): ParsedEvent {
  const event = new ICAL.Event(vevent);
  const sequence = vevent.getFirstPropertyValue("sequence");
  const stamp = vevent.getFirstPropertyValue("dtstamp");
  const organizer = vevent.getFirstProperty("organizer");
  return {
    uid: event.uid,
    sequence: sequence === null ? null : Number(sequence),
    dtstamp: stamp instanceof ICAL.Time ? stamp.toJSDate() : null,
    start: event.startDate.toJSDate(),
    end: event.endDate.toJSDate(),
    summary: stringOf(vevent.getFirstPropertyValue("summary")),
    description: stringOf(vevent.getFirstPropertyValue("description")),
    location: stringOf(vevent.getFirstPropertyValue("location")),
    url: stringOf(vevent.getFirstPropertyValue("url")),
    status: stringOf(vevent.getFirstPropertyValue("status")),
    organizer: organizer ? readParty(organizer) : null,
    attendees: vevent.getAllProperties("attendee").map(readParty),
  };
}

function readParty(property: ICAL.Property): ParsedParty {
  const value = String(property.getFirstValue());
  const params: Record<string, string> = {};
  for (const name of ["cn", "role", "partstat", "rsvp", "cutype"]) {
    const param = property.getParameter(name);
    if (param !== undefined && param !== null) params[name] = String(param);
  }
  return { email: value.replace(/^mailto:/i, ""), name: params.cn ?? null, params };
}

function stringOf(value: unknown): string | null {
  return value === null || value === undefined ? null : String(value);
}
