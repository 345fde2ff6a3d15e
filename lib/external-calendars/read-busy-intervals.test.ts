import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FeedError, readBusyIntervals } from "./read-busy-intervals";

/** Fixtures written after each provider's documented export format (tests/fixtures/external-calendars). */
const fixture = (name: string) => readFileSync(path.resolve(import.meta.dirname, "../../tests/fixtures/external-calendars", name), "utf8");
const WINDOW = { fromMs: Date.parse("2027-03-07T12:00:00Z"), toMs: Date.parse("2027-05-07T12:00:00Z") };

function busy(text: string, zone: string) {
  return readBusyIntervals(text, { zone, ...WINDOW })
    .map((interval) => [new Date(interval.startMs).toISOString(), new Date(interval.endMs).toISOString()])
    .sort(([a], [b]) => a!.localeCompare(b!));
}

describe("readBusyIntervals", () => {
  it("Google (New York): a weekly series across the DST change, with an EXDATE, a moved and a cancelled occurrence; all-day in the workspace zone; free, cancelled and past events left out", () => {
    expect(busy(fixture("google.ics"), "America/New_York")).toEqual([
      ["2027-03-09T13:00:00.000Z", "2027-03-09T14:00:00.000Z"], // 08:00 EST
      ["2027-03-09T15:00:00.000Z", "2027-03-09T16:00:00.000Z"], // dentist (UTC)
      ["2027-03-11T05:00:00.000Z", "2027-03-12T05:00:00.000Z"], // all-day, midnight to midnight in New York
      ["2027-03-16T12:00:00.000Z", "2027-03-16T13:00:00.000Z"], // 08:00 EDT after 14 March
      ["2027-03-30T14:00:00.000Z", "2027-03-30T15:00:00.000Z"], // moved to 10:00 by RECURRENCE-ID
      ["2027-04-13T12:00:00.000Z", "2027-04-13T13:00:00.000Z"], // 23 March excluded, 6 April cancelled, UNTIL before 20 April
    ]);
  });

  it("Outlook (Windows zone names): a London series across the change to BST through the document's VTIMEZONE, and an Eastern one with no VTIMEZONE", () => {
    expect(busy(fixture("outlook.ics"), "Europe/London")).toEqual([
      ["2027-03-11T19:00:00.000Z", "2027-03-11T20:00:00.000Z"], // 14:00 Eastern Standard Time (EST)
      ["2027-03-18T18:00:00.000Z", "2027-03-18T19:00:00.000Z"], // 14:00 EDT
      ["2027-03-25T09:00:00.000Z", "2027-03-25T09:30:00.000Z"],
      ["2027-03-25T18:00:00.000Z", "2027-03-25T19:00:00.000Z"],
      ["2027-03-26T09:00:00.000Z", "2027-03-26T09:30:00.000Z"],
      ["2027-03-27T09:00:00.000Z", "2027-03-27T09:30:00.000Z"],
      ["2027-03-28T08:00:00.000Z", "2027-03-28T08:30:00.000Z"], // 09:00 BST
      ["2027-03-29T08:00:00.000Z", "2027-03-29T08:30:00.000Z"],
      ["2027-03-30T08:00:00.000Z", "2027-03-30T08:30:00.000Z"],
    ]);
  });

  it("iCloud (Sydney): a weekly series with COUNT and an RDATE across the end of daylight time, and a floating event in the workspace zone", () => {
    expect(busy(fixture("icloud.ics"), "Australia/Sydney")).toEqual([
      ["2027-03-17T00:00:00.000Z", "2027-03-17T01:00:00.000Z"], // floating 11:00–12:00 read in Sydney (AEDT, +11)
      ["2027-03-21T22:00:00.000Z", "2027-03-21T23:00:00.000Z"], // 09:00 AEDT
      ["2027-03-28T22:00:00.000Z", "2027-03-28T23:00:00.000Z"],
      ["2027-04-04T23:00:00.000Z", "2027-04-05T00:00:00.000Z"], // 09:00 AEST after 4 April
      ["2027-04-06T23:00:00.000Z", "2027-04-07T00:00:00.000Z"], // RDATE
      ["2027-04-11T23:00:00.000Z", "2027-04-12T00:00:00.000Z"],
    ]);
  });

  it("Fastmail (UTC): DURATION instead of DTEND, BYDAY with COUNT, an event over several days", () => {
    expect(busy(fixture("fastmail.ics"), "Europe/Paris")).toEqual([
      ["2027-03-15T13:00:00.000Z", "2027-03-15T14:30:00.000Z"],
      ["2027-03-17T13:00:00.000Z", "2027-03-17T14:30:00.000Z"],
      ["2027-03-18T22:00:00.000Z", "2027-03-20T02:00:00.000Z"],
      ["2027-03-19T13:00:00.000Z", "2027-03-19T14:30:00.000Z"],
      ["2027-03-22T13:00:00.000Z", "2027-03-22T14:30:00.000Z"],
      ["2027-03-24T13:00:00.000Z", "2027-03-24T14:30:00.000Z"],
    ]);
  });

  it("a weekly series begun years before the window, in a zone its VTIMEZONE defines (Outlook's Sydney), keeps its wall time across the end of daylight time, with its EXDATE and moved occurrence", () => {
    const feed = [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:Microsoft Exchange Server 2010",
      "BEGIN:VTIMEZONE",
      "TZID:AUS Eastern Standard Time",
      "BEGIN:STANDARD",
      "DTSTART:16010101T030000",
      "TZOFFSETFROM:+1100",
      "TZOFFSETTO:+1000",
      "RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=1SU;BYMONTH=4",
      "END:STANDARD",
      "BEGIN:DAYLIGHT",
      "DTSTART:16010101T020000",
      "TZOFFSETFROM:+1000",
      "TZOFFSETTO:+1100",
      "RRULE:FREQ=YEARLY;INTERVAL=1;BYDAY=1SU;BYMONTH=10",
      "END:DAYLIGHT",
      "END:VTIMEZONE",
      "BEGIN:VEVENT",
      "UID:tuesdays",
      "DTSTART;TZID=AUS Eastern Standard Time:20240102T090000",
      "DTEND;TZID=AUS Eastern Standard Time:20240102T100000",
      "RRULE:FREQ=WEEKLY;INTERVAL=1;BYDAY=TU;WKST=MO",
      "EXDATE;TZID=AUS Eastern Standard Time:20270413T090000",
      "END:VEVENT",
      "BEGIN:VEVENT",
      "UID:tuesdays",
      "RECURRENCE-ID;TZID=AUS Eastern Standard Time:20270406T090000",
      "DTSTART;TZID=AUS Eastern Standard Time:20270407T140000",
      "DTEND;TZID=AUS Eastern Standard Time:20270407T150000",
      "END:VEVENT",
      "BEGIN:VEVENT",
      "UID:fortnightly",
      "DTSTART;TZID=AUS Eastern Standard Time:20240101T073000",
      "DTEND;TZID=AUS Eastern Standard Time:20240101T080000",
      "RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH;WKST=MO",
      "END:VEVENT",
      "END:VCALENDAR",
      "",
    ].join("\r\n");
    const window = { fromMs: Date.parse("2027-03-20T00:00:00Z"), toMs: Date.parse("2027-04-19T00:00:00Z") };
    const read = readBusyIntervals(feed, { zone: "Europe/London", ...window })
      .map((interval) => [new Date(interval.startMs).toISOString(), new Date(interval.endMs).toISOString(), interval.uid])
      .sort(([a], [b]) => a!.localeCompare(b!));
    expect(read).toEqual([
      ["2027-03-21T20:30:00.000Z", "2027-03-21T21:00:00.000Z", "fortnightly"], // Monday 07:30 AEDT (+11)
      ["2027-03-22T22:00:00.000Z", "2027-03-22T23:00:00.000Z", "tuesdays"], // 09:00 AEDT
      ["2027-03-24T20:30:00.000Z", "2027-03-24T21:00:00.000Z", "fortnightly"], // Thursday
      ["2027-03-29T22:00:00.000Z", "2027-03-29T23:00:00.000Z", "tuesdays"],
      ["2027-04-04T21:30:00.000Z", "2027-04-04T22:00:00.000Z", "fortnightly"], // 07:30 AEST (+10) after 4 April
      ["2027-04-07T04:00:00.000Z", "2027-04-07T05:00:00.000Z", "tuesdays"], // 6 April moved to Wednesday 14:00 AEST
      ["2027-04-07T21:30:00.000Z", "2027-04-07T22:00:00.000Z", "fortnightly"],
      ["2027-04-18T21:30:00.000Z", "2027-04-18T22:00:00.000Z", "fortnightly"], // 13 April excluded; 20 April is past the window
    ]);
  });

  it.each([
    ["<!doctype html><html><body>Sign in</body></html>", "not an iCalendar document"],
    ["BEGIN:VCALENDAR\r\nthis is not a line\r\n", "not valid iCalendar"],
    ["BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:a\r\nSUMMARY:x\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n", "no DTSTART"],
    [
      "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:a\r\nDTSTART:20270310T100000Z\r\nDTEND:20270310T110000Z\r\nRRULE:FREQ=SOMETIMES\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n",
      "recurrence rule",
    ],
    [`BEGIN:VCALENDAR\r\n${"BEGIN:VEVENT\r\nUID:a\r\nDTSTART:20270310T100000Z\r\nEND:VEVENT\r\n".repeat(50_001)}END:VCALENDAR\r\n`, "more than 50,000 events"],
  ])("refuses a document that cannot be read: %#", (text, cause) => {
    expect(() => readBusyIntervals(text, { zone: "UTC", ...WINDOW })).toThrow(FeedError);
    expect(() => readBusyIntervals(text, { zone: "UTC", ...WINDOW })).toThrow(cause);
  });
});
