import type { Metadata } from "next";
import { CodeBlock } from "@/components/docs/code-block";
import { Guide } from "@/components/docs/guide";

export const metadata: Metadata = { title: "Classes and group sessions" };

const SERVICE = `curl -sS -X POST "$BASE/v1/services" -H "Authorization: Bearer $SK" -H "Content-Type: application/json" \\
  -d '{"name": "Pottery workshop", "duration_minutes": 120, "payment_mode": "none", "capacity": 8}'`;

const AVAILABILITY = `curl -sS -G "$BASE/v1/availability" -H "Authorization: Bearer $SK" \\
  --data-urlencode "service_id=$SERVICE_ID" --data-urlencode "from=2027-03-01T00:00:00Z" --data-urlencode "to=2027-03-02T00:00:00Z"
# {"data": [{"staff_id": "…", "slots": [
#   {"start": "2027-03-01T10:00:00-05:00", "end": "2027-03-01T12:00:00-05:00", "seats_left": 3},
#   {"start": "2027-03-01T13:00:00-05:00", "end": "2027-03-01T15:00:00-05:00", "seats_left": 8}, …]}]}`;

const SEAT = `curl -sS -X POST "$BASE/v1/bookings" -H "Authorization: Bearer $SK" -H "Content-Type: application/json" \\
  -d '{"service_id": "'$SERVICE_ID'", "starts_at": "2027-03-01T10:00:00-05:00",
       "customer": {"name": "Noor Haddad", "email": "noor@example.com"}}'
# 201 with one booking (one seat), or 409 slot_unavailable when the last seat went meanwhile`;

// GET /docs/group-sessions – capacity, seats_left, booking a seat and what is guaranteed
export default function GroupSessionsGuide() {
  return (
    <Guide
      title="Classes and group sessions"
      lead="Give a service a capacity above 1 and it becomes a class, a workshop or a tour: the bookings at one start on one calendar share one session, which never holds more than its capacity, however many people book at once."
      next={{ href: "/docs/errors", label: "Errors and when to retry" }}
    >
      <h2>Set a capacity</h2>
      <p>
        <code>capacity</code> is a whole number from 1 to 500 on <code>POST /v1/services</code> and <code>PUT /v1/services/{"{id}"}</code>. Omitted means 1, on
        a replace too; anything else is a 422 with <code>param</code> <code>capacity</code>. A service of capacity 1 is a one-to-one appointment, as always.
      </p>
      <CodeBlock label="Create a workshop of eight" code={SERVICE} />

      <h2>Read the seats left</h2>
      <p>
        Each slot of a group service carries <code>seats_left</code> (at least 1): the capacity at a start no one has booked yet, fewer once a session has begun
        to fill. A full session is not listed. Once a session has a booking, its calendar offers no other start that would overlap it; the session is offered
        only at its own start. Slots of a one-to-one service have no <code>seats_left</code>.
      </p>
      <CodeBlock label="Availability of a group service" code={AVAILABILITY} />

      <h2>Book a seat</h2>
      <p>
        A seat is an ordinary <code>POST /v1/bookings</code>: one booking per person (a party of three books three times). Without <code>staff_id</code> the
        booking joins an open session at that start, the one with the fewest seats left, and opens a new session on the fairest calendar only when none is open.
        With <code>staff_id</code> it joins that calendar&apos;s session or opens one there. Codes, card holds, questions and payment work as for any booking.
      </p>
      <CodeBlock label="Book one seat" code={SEAT} />
      <p>
        Every attendee&apos;s booking has its own lifecycle, messages, reminders and webhooks: each gets its own <code>booking.created</code>, and a cancel
        sends <code>booking.cancelled</code> for that booking only. A cancel frees the seat at once; a lapsed hold frees it too. A reschedule moves one attendee
        to the session at the new start. Each seat counts as a booking for your plan.
      </p>

      <h2>What is guaranteed</h2>
      <p>
        The database keeps every session within its capacity and keeps everything else off its time, not a check in front of it: two people booking the last
        seat at the same moment, on different servers, get one 201 and one 409 <code>slot_unavailable</code>. Held bookings (waiting for a code or a payment)
        take a seat until their hold lapses. Lowering a service&apos;s capacity keeps every booking; a session above the new capacity offers no seat until
        cancellations bring it below.
      </p>

      <h2>On your pages and calendars</h2>
      <p>
        The hosted booking page and the widget show &ldquo;N spots left&rdquo; under each time of a group service, in the customer&apos;s language. A
        calendar&apos;s feed shows one event per session, titled with the number of attendees and listing them.
      </p>
    </Guide>
  );
}
