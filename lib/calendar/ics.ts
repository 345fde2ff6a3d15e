import { DateTime } from "luxon";

/**
 * The appointment as a calendar entry, one module for the server (the .ics attached to
 * emails) and the browser (add-to-calendar on the confirmation): a one-event iCalendar file
 * (RFC 5545: CRLF line ends, lines folded at 75 octets, TEXT values escaped, times in UTC)
 * and a Google Calendar template link. The UID is the booking id everywhere, so a calendar
 * app keeps one event per booking and replaces it when a later file (reschedule,
 * cancellation) carries a higher SEQUENCE.
 */
export type IcsEvent = {
  uid: string;
  method: "PUBLISH" | "CANCEL";
  sequence: number;
  startsAt: Date;
  endsAt: Date;
  stampedAt: Date;
  summary: string;
  description: string;
  location?: string | null;
  url: string | null;
};

export function buildIcs(event: IcsEvent): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Booking Platform//Bookings//EN",
    "CALSCALE:GREGORIAN",
    `METHOD:${event.method}`,
    "BEGIN:VEVENT",
    `UID:${escapeIcsText(event.uid)}`,
    `SEQUENCE:${event.sequence}`,
    `DTSTAMP:${toIcsUtc(event.stampedAt)}`,
    `DTSTART:${toIcsUtc(event.startsAt)}`,
    `DTEND:${toIcsUtc(event.endsAt)}`,
    `SUMMARY:${escapeIcsText(event.summary)}`,
    `DESCRIPTION:${escapeIcsText(event.description)}`,
    ...(event.location ? [`LOCATION:${escapeIcsText(event.location)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    `STATUS:${event.method === "CANCEL" ? "CANCELLED" : "CONFIRMED"}`,
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join("\r\n") + "\r\n";
}

/** A Google Calendar "add event" link for the same appointment. */
export function googleCalendarUrl(event: Pick<IcsEvent, "summary" | "description" | "startsAt" | "endsAt" | "location">): string {
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

/** RFC 5545 §3.3.11: backslash, semicolon and comma escaped, line breaks as \n. */
export function escapeIcsText(value: string): string {
  return value.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r\n|\r|\n/g, "\\n");
}

const encoder = new TextEncoder();

/** RFC 5545 §3.1: at most 75 octets a line, continued with CRLF and a space; never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = "";
  let currentOctets = 0;
  for (const char of line) {
    const octets = encoder.encode(char).length;
    const limit = parts.length === 0 ? 75 : 74; // continuation lines start with a space
    if (currentOctets + octets > limit) {
      parts.push(current);
      current = "";
      currentOctets = 0;
    }
    current += char;
    currentOctets += octets;
  }
  parts.push(current);
  return parts.join("\r\n ");
}

/** SEQUENCE must grow with each revision of the event; seconds since the epoch always do. */
export function sequenceAt(now: Date): number {
  return Math.floor(now.getTime() / 1000);
}
