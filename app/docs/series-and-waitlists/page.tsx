import type { Metadata } from "next";
import Link from "next/link";
import { CodeBlock } from "@/components/docs/code-block";
import { Guide } from "@/components/docs/guide";

export const metadata: Metadata = { title: "Series and waitlists" };

const SERVICE = `curl -sS -X PUT "$BASE/v1/services/$SERVICE_ID" -H "Authorization: Bearer $SK" -H "Content-Type: application/json" \\
  -d '{"name": "Physiotherapy", "duration_minutes": 45, "payment_mode": "none", "repeat_max": 12}'`;

const AVAILABILITY = `curl -sS -G "$BASE/v1/availability" -H "Authorization: Bearer $SK" \\
  --data-urlencode "service_id=$SERVICE_ID" --data-urlencode "from=2027-10-19T00:00:00+02:00" --data-urlencode "to=2027-10-20T00:00:00+02:00" \\
  --data-urlencode "repeat_every=week" --data-urlencode "repeat_count=6"
# only the starts where all six weekly occurrences are free on that calendar`;

const SERIES = `curl -sS -X POST "$BASE/v1/bookings" -H "Authorization: Bearer $SK" -H "Content-Type: application/json" \\
  -H "Idempotency-Key: $(uuidgen)" \\
  -d '{"service_id": "'$SERVICE_ID'", "starts_at": "2027-10-19T10:00:00+02:00",
       "customer": {"name": "Noor Haddad", "email": "noor@example.com"},
       "repeat": {"every": "week", "count": 6}}'
# 201 {"id": "…", "series_id": "…", "starts_at": "2027-10-19T10:00:00+02:00", …,
#      "series": {"id": "…", "count": 6, "bookings": [
#        {"id": "…", "starts_at": "2027-10-19T10:00:00+02:00", "status": "confirmed"},
#        {"id": "…", "starts_at": "2027-10-26T10:00:00+02:00", "status": "confirmed"},
#        {"id": "…", "starts_at": "2027-11-02T10:00:00+01:00", "status": "confirmed"}, …]}}`;

const REFUSED = `# 409 when any occurrence cannot be booked; nothing was created
# {"error": {"type": "slot_unavailable", "message": "…", "unavailable": ["2027-11-02T10:00:00+01:00"]}}`;

const CANCEL = `curl -sS -X POST "$BASE/v1/series/$SERIES_ID/cancel" -H "Authorization: Bearer $SK"
# 200 {"id": "…", "count": 6, "bookings": [{"id": "…", "starts_at": "…", "status": "confirmed"}, {"id": "…", "status": "cancelled"}, …]}`;

const JOIN = `curl -sS -X POST "$BASE/v1/waitlist" -H "Authorization: Bearer $PK" -H "Content-Type: application/json" \\
  -d '{"service_id": "'$SERVICE_ID'", "starts_at": "2027-03-02T18:00:00+01:00", "customer": {"name": "Ada Lovelace", "email": "ada@example.com"}}'`;

// GET /docs/series-and-waitlists – bookings that repeat (repeat_max, availability for a series, booking and cancelling one) and the waitlist of a full class
export default function SeriesGuide() {
  return (
    <Guide
      title="Series and waitlists"
      lead="Book “every Tuesday at 10:00 for six weeks” in one request: every occurrence at the same local time, on one calendar, all or nothing."
      next={{ href: "/docs/errors", label: "Errors and when to retry" }}
    >
      <h2>Allow a service to repeat</h2>
      <p>
        <code>repeat_max</code> (0–26, default 0) on a service is the most occurrences a series may have. At 0 the service is not booked as a series; above 0
        the hosted booking page can offer &ldquo;Repeat every …&rdquo;. A paid service cannot be booked as a series in this version.
      </p>
      <CodeBlock label="Let a service repeat up to 12 times" code={SERVICE} />

      <h2>Find a start where the whole series fits</h2>
      <p>
        <code>GET /v1/availability</code> takes <code>repeat_every</code> (<code>week</code>, <code>2_weeks</code> or <code>4_weeks</code>) and{" "}
        <code>repeat_count</code> (2–26) together, and then lists only the starts where every occurrence is offered on that calendar.
      </p>
      <CodeBlock label="Starts for six weekly sessions" code={AVAILABILITY} />

      <h2>Book the series</h2>
      <p>
        Send <code>repeat: {"{every, count}"}</code> with an ordinary create; <code>count</code> includes the first occurrence and may not pass the
        service&apos;s <code>repeat_max</code> (422, <code>param</code> <code>repeat</code>). Every occurrence is at the same local time in your
        workspace&apos;s zone, so 10:00 stays 10:00 when daylight saving ends (its offset changes instead), and every occurrence obeys the service&apos;s rules
        (lead time, advance window, hours, buffers).
      </p>
      <CodeBlock label="Six weekly sessions" code={SERIES} />
      <p>
        The answer is the first booking with <code>series</code>; each occurrence is an ordinary booking carrying <code>series_id</code>, with its own manage
        link, messages, webhooks, cancel and reschedule. When your workspace asks for verification, every occurrence is held and the one code sent confirms them
        all. An <code>Idempotency-Key</code> replays the whole series.
      </p>
      <CodeBlock label="One occurrence taken" code={REFUSED} />
      <p>
        All or nothing is kept by the database: the occurrences are written in one transaction, so a single booking made at the same moment on one of the dates
        leaves either the whole series or none of it.
      </p>

      <h2>Cancel the rest</h2>
      <p>
        <code>POST /v1/series/{"{id}"}/cancel</code> cancels every occurrence that has not started yet, each as a single cancel would (its own email and{" "}
        <code>booking.cancelled</code>), and answers the series as it now stands.
      </p>
      <CodeBlock label="Cancel what is left of a series" code={CANCEL} />

      <h2>Waitlists</h2>
      <p>
        When a class session is full (see <Link href="/docs/group-sessions">Classes and group sessions</Link>), a customer can wait for a seat.{" "}
        <code>GET /v1/availability?include_full=true</code> also lists full sessions, with <code>seats_left: 0</code>: show them as &ldquo;Full&rdquo; with
        &ldquo;Join the waitlist&rdquo;.
      </p>
      <CodeBlock label="Join the waitlist" code={JOIN} />
      <p>
        The answer is the entry, <code>status: &quot;waiting&quot;</code> with its <code>position</code> in line. A session with a free seat is refused (409{" "}
        <code>conflict</code>: book it instead), and so is a second entry of the same email for the same session. The customer gets an email with a link to
        leave the line.
      </p>
      <p>
        When a seat frees (a cancel, a hold that lapses, a booking moved away, a raised capacity), the first waiting entry is offered it: a booking is held for
        that customer for 30 minutes (<code>pending</code>), the entry turns <code>offered</code>, you receive <code>waitlist.offered</code>, and the customer
        is emailed a link whose page books the seat in one click (opening the link alone changes nothing) (<code>waitlist.booked</code>, then the usual
        confirmation). An offer not taken in time passes to the next in line; when the start passes, the entries still waiting expire. Each freed seat is
        offered once, even when several seats free at the same moment.
      </p>
      <p>
        <code>GET /v1/waitlist</code> and <code>GET /v1/waitlist/{"{id}"}</code> read the line; <code>POST /v1/waitlist/{"{id}"}/leave</code> takes an entry off
        it (a seat held for it passes on).
      </p>
    </Guide>
  );
}
