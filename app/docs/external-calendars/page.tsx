import type { Metadata } from "next";
import { CodeBlock } from "@/components/docs/code-block";
import { Guide, GuideTable } from "@/components/docs/guide";

export const metadata: Metadata = { title: "External calendars" };

const CONNECT_ICS = `curl -sS -X POST "$BASE/v1/staff/$STAFF_ID/external-calendars" \\
  -H "Authorization: Bearer $SK" -H "Content-Type: application/json" \\
  -d '{"kind": "ics", "url": "https://calendar.google.com/calendar/ical/…/basic.ics", "name": "Google"}'`;

const CONNECT_CALDAV = `curl -sS -X POST "$BASE/v1/staff/$STAFF_ID/external-calendars" \\
  -H "Authorization: Bearer $SK" -H "Content-Type: application/json" \\
  -d '{"kind": "caldav", "url": "https://caldav.fastmail.com/dav/calendars/user/alex@fastmail.com/Default/",
       "username": "alex@fastmail.com", "password": "<app password>", "write_back": true}'`;

const BUSY = `curl -sS -G "$BASE/v1/staff/$STAFF_ID/busy" -H "Authorization: Bearer $SK" \\
  --data-urlencode "from=2027-03-09T00:00:00-05:00" --data-urlencode "to=2027-03-10T00:00:00-05:00"
# {"staff_id": "…", "data": [{"starts_at": "2027-03-09T08:00:00-05:00", "ends_at": "2027-03-09T11:00:00-05:00",
#   "sources": [{"type": "external_calendar", "id": "…"}, {"type": "booking", "id": "…"}]}]}`;

const PROVIDERS: [string, string, string][] = [
  [
    "Google Calendar",
    "ics",
    "Settings → the calendar → Integrate calendar → Secret address in iCal format. Treat it like a password; Reset makes a new one (the old one then answers 404 and the source turns failing).",
  ],
  [
    "Outlook / Microsoft 365",
    "ics",
    'Outlook on the web → Settings → Calendar → Shared calendars → Publish a calendar ("Can view when I\'m busy" is enough) → the ICS link. Windows zone names are read correctly.',
  ],
  [
    "iCloud",
    "caldav",
    "The iCloud CalDAV collection with your Apple ID and an app-specific password (appleid.apple.com → Sign-In and Security). A public calendar's webcal:// link also works as ics.",
  ],
  [
    "Fastmail",
    "caldav",
    "Settings → Privacy & Security → App passwords (Calendars); the URL from Settings → Calendars → the calendar → CalDAV URL. Or a shared ICS link as ics.",
  ],
  ["Nextcloud", "caldav", "Settings → Security → Create new app password; the calendar's remote.php/dav/calendars/… address."],
  [
    "Anything else",
    "either",
    "An https:// or webcal:// address (webcal:// is read as https://) serving text/calendar, or a CalDAV collection over https with Basic authentication. The address must not point at a private, loopback or link-local address, and plain http:// is refused, except on a server running with dev tools (local testing).",
  ],
];

// GET /docs/external-calendars – connecting a calendar to its person's other calendars
export default function ExternalCalendarsGuide() {
  return (
    <Guide
      title="External calendars"
      lead="Connect a calendar to the person's Google, Outlook, iCloud, Fastmail or Nextcloud calendar, and customers are never offered a time they are busy elsewhere. Busy times keep up by themselves, and the API tells you why any time is not offered."
      next={{ href: "/docs/test-mode", label: "Test mode" }}
    >
      <h2>Connect</h2>
      <p>
        The source is read before the answer: <code>201</code> with <code>status: &quot;ok&quot;</code> and <code>busy_count</code>, or <code>422</code>{" "}
        <code>validation_failed</code> on <code>url</code> (<code>password</code> for a refused CalDAV login) with a message naming the cause, such as &quot;The
        server answered 404&quot; or &quot;The document is not an iCalendar document&quot;. Nothing is stored then. At most 10 per calendar.
      </p>
      <CodeBlock label="Connect an ICS address" code={CONNECT_ICS} />
      <CodeBlock label="Connect a CalDAV collection with write-back" code={CONNECT_CALDAV} />

      <h2>Where to find the address</h2>
      <GuideTable caption="Providers">
        <thead>
          <tr>
            <th scope="col">Provider</th>
            <th scope="col">kind</th>
            <th scope="col">Where</th>
          </tr>
        </thead>
        <tbody>
          {PROVIDERS.map(([provider, kind, where]) => (
            <tr key={provider}>
              <th scope="row">{provider}</th>
              <td>
                <code>{kind}</code>
              </td>
              <td>{where}</td>
            </tr>
          ))}
        </tbody>
      </GuideTable>

      <h2>What is read, and what is never stored</h2>
      <p>
        Each event&apos;s start, end, recurrence (RRULE, RDATE, EXDATE, moved and cancelled occurrences), time zone, status and free/busy setting. Only each
        busy occurrence&apos;s start, end and a hash of its UID are stored: never a title, description, location or attendee. The address, username and password
        are stored sealed and never appear in an answer, a log line or an error message; the API shows <code>display_url</code> (scheme, host and the
        path&apos;s last 4 characters). Free (transparent) and cancelled events do not block; all-day events block midnight to midnight in the workspace&apos;s
        time zone.
      </p>

      <h2>Keeping up</h2>
      <p>
        Every source is synced every 5 minutes (<code>EXTERNAL_CALENDAR_SYNC_MINUTES</code>) with conditional requests. A failure keeps the last good busy
        times, shows <code>status: &quot;failing&quot;</code> with <code>last_error</code>, and backs off 5, 10, 20 … minutes up to 6 hours; after 7 days the
        source is <code>disabled</code> until you <code>PATCH</code> it with <code>{`{"active": true}`}</code>. <code>POST …/{"{ecId}"}/sync</code> syncs now.
        When a new busy time lands on an existing booking you receive <code>booking.external_conflict</code> once; nothing is cancelled.
      </p>

      <h2>Why is a time not offered?</h2>
      <CodeBlock label="List busy intervals with their sources" code={BUSY} />

      <h2>Write-back</h2>
      <p>
        With <code>write_back: true</code> on a CalDAV source, each confirmed booking appears in that calendar (UID = the booking id, service and customer name,
        never the customer&apos;s email or phone), moves when it is rescheduled and disappears when it is cancelled. It is written in the background: a calendar
        server that is down never fails or delays a booking.
      </p>
    </Guide>
  );
}
