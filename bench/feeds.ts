import { DateTime } from "luxon";

const VTIMEZONE_NEW_YORK = [
  "BEGIN:VTIMEZONE",
  "TZID:America/New_York",
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:-0500",
  "TZOFFSETTO:-0400",
  "TZNAME:EDT",
  "DTSTART:19700308T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:-0400",
  "TZOFFSETTO:-0500",
  "TZNAME:EST",
  "DTSTART:19701101T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
];

const local = (time: DateTime) => time.toFormat("yyyyMMdd'T'HHmmss");

/**
 * A Google-like export of `events` VEVENTs in New York time, with titles, places and
 * attendees as real exports carry: one in five a weekly series (with an EXDATE) that began up
 * to a year before `from`, half of those that began over 26 weeks ago ended by an UNTIL; the
 * rest single events spread over [from − historyDays, from + days) (a real export holds the
 * calendar's whole history).
 */
export function benchFeed(options: { events: number; from: DateTime; days: number; historyDays?: number; seed?: string }): string {
  const history = options.historyDays ?? 0;
  const span = history + options.days;
  const lines = [
    "BEGIN:VCALENDAR",
    "PRODID:-//Google Inc//Google Calendar 70.9054//EN",
    "VERSION:2.0",
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    ...VTIMEZONE_NEW_YORK,
  ];
  const from = options.from.setZone("America/New_York").startOf("day");
  for (let i = 0; i < options.events; i++) {
    const uid = `${options.seed ?? "bench"}-${i}@google.com`;
    const recurring = i % 5 === 0;
    const start = recurring
      ? from.minus({ weeks: (i * 7) % 52 }).plus({ days: i % 7, hours: 7 + (i % 11) })
      : from.plus({ days: ((i * 7919) % span) - history, hours: 7 + (i % 12), minutes: (i % 4) * 15 });
    const ended = recurring && i % 10 === 0 && (i * 7) % 52 > 26;
    lines.push(
      "BEGIN:VEVENT",
      `DTSTART;TZID=America/New_York:${local(start)}`,
      `DTEND;TZID=America/New_York:${local(start.plus({ minutes: 30 + (i % 3) * 15 }))}`,
      ...(recurring
        ? [
            ended ? `RRULE:FREQ=WEEKLY;WKST=SU;UNTIL=${start.plus({ weeks: 20 }).toUTC().toFormat("yyyyMMdd'T'HHmmss'Z'")}` : "RRULE:FREQ=WEEKLY;WKST=SU",
            `EXDATE;TZID=America/New_York:${local(start.plus({ weeks: 2 }))}`,
          ]
        : []),
      "DTSTAMP:20270301T120000Z",
      `UID:${uid}`,
      "CREATED:20260901T120000Z",
      `DESCRIPTION:Event number ${i} with a description long enough to look like a real one`,
      "LAST-MODIFIED:20270220T101500Z",
      "LOCATION:200 Main St",
      "SEQUENCE:0",
      "STATUS:CONFIRMED",
      `SUMMARY:Meeting ${i}`,
      i % 17 === 0 ? "TRANSP:TRANSPARENT" : "TRANSP:OPAQUE",
      "ATTENDEE;CUTYPE=INDIVIDUAL;ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;CN=alex@example.com:mailto:alex@example.com",
      "END:VEVENT",
    );
  }
  lines.push("END:VCALENDAR", "");
  return lines.join("\r\n");
}
