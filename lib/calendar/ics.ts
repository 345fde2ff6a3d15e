import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import { DateTime } from "luxon";

/**
 * Appointments as iCalendar (RFC 5545), one module for every file we hand out: the email
 * attachments (confirmation, move, reminder, cancellation), the confirmation page's download
 * and the staff feed. ical-generator writes the text (escaping, folding, CRLF); this module
 * decides what goes in. The UID is the booking id everywhere and SEQUENCE is the booking's
 * own counter (it grows by one with each move or cancellation), so a calendar keeps one entry
 * per booking and lets each later file replace it.
 *
 * Emails carry iTIP (RFC 5546) messages: METHOD:REQUEST for a confirmed or moved booking and
 * METHOD:CANCEL with STATUS:CANCELLED when it is cancelled, each with the business as
 * ORGANIZER and the customer as ATTENDEE (mail clients ignore a CANCEL without an ORGANIZER).
 * The page's download and the feed are plain calendars (no METHOD, no attendee).
 */
export type CalendarParty = { name: string; email: string };

export type CalendarEvent = {
  uid: string;
  sequence: number;
  startsAt: Date;
  endsAt: Date;
  /** DTSTAMP: when this copy was written. */
  stampedAt: Date;
  summary: string;
  description: string;
  location?: string | null;
  url?: string | null;
  cancelled?: boolean;
  organizer?: CalendarParty | null;
  attendee?: CalendarParty | null;
};

/** PUBLISH: a copy for the business's own calendar, which asks nobody to answer (see docs/business-notifications.md). */
export type CalendarMethod = "REQUEST" | "CANCEL" | "PUBLISH";

const PRODUCT_ID = { company: "Booking Platform", product: "Bookings", language: "EN" };

/** A whole calendar: one event per booking; `method` only for an iTIP email attachment. */
export function buildCalendar(input: { events: CalendarEvent[]; method?: CalendarMethod; name?: string }): string {
  const calendar = ical({ prodId: PRODUCT_ID, name: input.name ?? null, method: input.method ? ICalCalendarMethod[input.method] : null });
  for (const event of input.events) {
    calendar.createEvent({
      id: event.uid,
      sequence: event.sequence,
      stamp: event.stampedAt,
      start: event.startsAt,
      end: event.endsAt,
      summary: event.summary,
      description: event.description,
      location: event.location || null,
      url: event.url || null,
      status: event.cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      organizer: event.organizer ? asParameterSafe(event.organizer) : null,
      attendees: event.attendee ? [{ ...asParameterSafe(event.attendee), role: ICalAttendeeRole.REQ, status: ICalAttendeeStatus.ACCEPTED, rsvp: false }] : [],
    });
  }
  // RFC 5545 §3.1: every content line ends with CRLF, the last one too (the library omits it).
  const text = calendar.toString();
  return text.endsWith("\r\n") ? text : `${text}\r\n`;
}

/**
 * A name goes into the CN parameter, which RFC 5545 §3.1 lets hold anything but a double
 * quote or a control character (the library backslash-escapes a quote, which parsers read as
 * the end of the value): those become an apostrophe and a space.
 */
function asParameterSafe(party: CalendarParty): CalendarParty {
  // oxlint-disable-next-line no-control-regex -- control characters are exactly what a CN parameter must not carry
  return { email: party.email, name: party.name.replace(/"/g, "'").replace(/[\u0000-\u001f\u007f]+/g, " ") };
}

/**
 * The iTIP attachment of an email: REQUEST while the booking stands, CANCEL once it is cancelled.
 * A series' message passes every date it lists (all standing, or all cancelled): one event each.
 */
export function buildInvitation(event: CalendarEvent | CalendarEvent[]): { method: CalendarMethod; content: string } {
  const events = Array.isArray(event) ? event : [event];
  const method: CalendarMethod = events[0]?.cancelled ? "CANCEL" : "REQUEST";
  return { method, content: buildCalendar({ events, method }) };
}

/** A Google Calendar "add event" link for the same appointment. */
export function googleCalendarUrl(event: Pick<CalendarEvent, "summary" | "description" | "startsAt" | "endsAt" | "location">): string {
  const url = new URL("https://calendar.google.com/calendar/render");
  url.searchParams.set("action", "TEMPLATE");
  url.searchParams.set("text", event.summary);
  url.searchParams.set("dates", `${toIcsUtc(event.startsAt)}/${toIcsUtc(event.endsAt)}`);
  url.searchParams.set("details", event.description);
  if (event.location) url.searchParams.set("location", event.location);
  return url.toString();
}

/** 20260310T080000Z */
export function toIcsUtc(instant: Date): string {
  return DateTime.fromJSDate(instant, { zone: "utc" }).toFormat("yyyyLLdd'T'HHmmss'Z'");
}
