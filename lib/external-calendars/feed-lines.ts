/**
 * The content lines a read uses (docs/external-calendars.md): the components' BEGIN and END,
 * an event's times, recurrence, status, transparency and UID, and a VTIMEZONE's definition.
 */
const READ_PROPERTIES = [
  "BEGIN",
  "END",
  "UID",
  "DTSTART",
  "DTEND",
  "DURATION",
  "RRULE",
  "RDATE",
  "EXDATE",
  "EXRULE",
  "RECURRENCE-ID",
  "STATUS",
  "TRANSP",
  "X-MICROSOFT-CDO-BUSYSTATUS",
  "TZID",
  "TZOFFSETFROM",
  "TZOFFSETTO",
];

/**
 * A content line (with its folded continuation lines) of any other property: a name, then
 * its parameters or value. A line that is not one (no name followed by ";" or ":") is kept,
 * so ical.js still refuses a malformed document.
 */
const OTHER_PROPERTY_LINE = new RegExp(`^(?!(?:${READ_PROPERTIES.join("|")})[;:])[A-Za-z0-9-]+[;:][^\\r\\n]*(?:\\r?\\n[ \\t][^\\r\\n]*)*(?:\\r?\\n|$)`, "gim");

/**
 * The document with only the lines a read uses. A real export carries titles, descriptions,
 * attendees and alarms on most of its lines; ical.js parses every line it is given (about
 * half of the read's parsing went to lines never looked at), and none of them is kept anyway.
 */
export function keepReadLines(text: string): string {
  return text.replace(OTHER_PROPERTY_LINE, "");
}
