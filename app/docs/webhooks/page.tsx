import { readFileSync } from "node:fs";
import path from "node:path";
import type { Metadata } from "next";
import Link from "next/link";
import { CodeBlock } from "@/components/docs/code-block";
import { Guide, GuideTable } from "@/components/docs/guide";
import { exampleWebhookEvent } from "@/lib/openapi/webhooks";
import { MAX_DELIVERY_ATTEMPTS, RETRY_WAITS_MS, EXHAUSTED_DELIVERIES_TO_DEACTIVATE } from "@/lib/webhooks/attempt-delivery";
import { WEBHOOK_TIMEOUT_MS } from "@/lib/webhooks/post-webhook";

export const metadata: Metadata = { title: "Webhooks" };

// The verifier shown is the file the tests run (lib/webhooks/verify-booking-signature.test.ts, e2e/integrator.spec.ts).
const VERIFIER = readFileSync(path.join(process.cwd(), "app", "docs", "webhooks", "verify-booking-signature.ts"), "utf8").trim();

const RECEIVER = `import { createServer } from "node:http";
import { verifyBookingSignature } from "./verify-booking-signature";

createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    const raw = Buffer.concat(chunks); // the exact bytes we signed: do not re-serialise
    if (!verifyBookingSignature(raw, String(request.headers["booking-signature"]), process.env.WEBHOOK_SECRET!)) {
      response.writeHead(400).end();
      return;
    }
    const event = JSON.parse(raw.toString("utf8"));
    // Deduplicate on event.id (the Booking-Delivery header), then act on event.type.
    response.writeHead(204).end();
  });
}).listen(4000);`;

function formatWait(ms: number): string {
  return ms >= 3_600_000 ? `${ms / 3_600_000} hours` : `${ms / 60_000} minute${ms === 60_000 ? "" : "s"}`;
}

// GET /docs/webhooks – events, payload, headers, signature verification, retries and replay
export default function WebhooksGuide() {
  const waits = RETRY_WAITS_MS.map(formatWait);
  return (
    <Guide
      title="Webhooks"
      lead="We POST a signed JSON event to your endpoint when a booking is confirmed, moved or cancelled. Verify the signature, answer 2xx quickly, and deduplicate on the delivery id."
      next={{ href: "/docs/embedding", label: "Embedding the booking widget" }}
    >
      <h2>Events</h2>
      <GuideTable caption="Webhook events">
        <thead>
          <tr>
            <th scope="col">Event</th>
            <th scope="col">Sent when</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>
              <code>booking.created</code>
            </td>
            <td>
              A booking first becomes confirmed: at once, after the customer&apos;s code, or when its payment succeeds. A hold that never confirms sends
              nothing.
            </td>
          </tr>
          <tr>
            <td>
              <code>booking.rescheduled</code>
            </td>
            <td>
              A confirmed booking moves (your secret key or the customer&apos;s manage link). The id stays; <code>data.previous_starts_at</code> says where it
              was.
            </td>
          </tr>
          <tr>
            <td>
              <code>booking.cancelled</code>
            </td>
            <td>
              A booking that had been announced with <code>booking.created</code> is cancelled, by you or the customer.
            </td>
          </tr>
          <tr>
            <td>
              <code>booking.external_conflict</code>
            </td>
            <td>
              A sync of an external calendar brings a busy time that overlaps a future pending or confirmed booking of that calendar: once per booking and busy
              interval, with <code>data.conflict</code> (<code>external_calendar_id</code>, <code>starts_at</code>, <code>ends_at</code>). Nothing is cancelled
              or moved; see <Link href="/docs/external-calendars">External calendars</Link>.
            </td>
          </tr>
          <tr>
            <td>
              <code>message.failed</code>
            </td>
            <td>
              An email or SMS to the customer or to you was given up after its last attempt (for example the mail server rejected the address).{" "}
              <code>data.message</code> is the message as <code>GET /v1/messages</code> lists it: its kind, recipient, attempts and the provider&apos;s last
              answer, never the address or the text.
            </td>
          </tr>
          <tr>
            <td>
              <code>external_calendar.failing</code>
            </td>
            <td>
              One of your external calendars could not be read and turned <code>failing</code>; sent once, and again if it is still failing after 7 days and is{" "}
              <code>disabled</code>. <code>data.external_calendar</code> is the calendar as <code>GET /v1/staff/{"{id}"}/external-calendars</code> shows it.
            </td>
          </tr>
          <tr>
            <td>
              <code>waitlist.offered</code>
            </td>
            <td>
              A seat freed in a full class and was offered to the first customer waiting: a booking is held for them for 30 minutes and they were emailed a link
              that books it. <code>data.waitlist_entry</code> is the entry as <code>GET /v1/waitlist/{"{id}"}</code> shows it (<code>booking_id</code>,{" "}
              <code>offer_expires_at</code>).
            </td>
          </tr>
          <tr>
            <td>
              <code>waitlist.booked</code>
            </td>
            <td>
              The customer took the seat offered to them: the held booking is confirmed (its <code>booking.created</code> follows).{" "}
              <code>data.waitlist_entry</code> as for <code>waitlist.offered</code>.
            </td>
          </tr>
        </tbody>
      </GuideTable>
      <p>
        Create an endpoint with <code>POST /v1/webhook-endpoints</code> and the events it wants; its signing secret (<code>whsec_…</code>) is in that response
        only. Endpoint URLs must be https and must not point at a private, loopback or link-local address (checked again at every delivery), except on a server
        running with dev tools.
      </p>

      <h2>Payload</h2>
      <p>
        Every event has the same shape; <code>previous_starts_at</code> is present on <code>booking.rescheduled</code> only, <code>conflict</code> on{" "}
        <code>booking.external_conflict</code> only (<code>message.failed</code>, <code>external_calendar.failing</code> and the <code>waitlist.*</code> events
        carry <code>data.message</code>, <code>data.external_calendar</code> and <code>data.waitlist_entry</code> instead of <code>data.booking</code>). Booking
        times carry the workspace&apos;s offset, <code>created_at</code> is UTC. The payload never carries a secret, a manage token or a verification code. Its
        schema is under Webhook events in the <Link href="/docs">API reference</Link>.
      </p>
      <p>
        <code>data.booking.answers</code> holds the customer&apos;s answers to your questions as <code>{"{question_id, label, value}"}</code>, in the order of
        your questions, each with the label the customer was asked (still there after you rename or delete the question); it is <code>[]</code> when there were
        none, and it stays with the booking when it moves. <code>GET /v1/bookings/{"{id}"}</code>, the list and the create response carry the same array.
      </p>
      <p>
        No endpoint yet? The workspace&apos;s <code>notification_email</code> (set with <code>PATCH /v1/workspace</code>; its contact email until set,{" "}
        <code>null</code> for none) gets an email for each of these events with the same details and answers, and an .ics for its calendar.
      </p>
      <CodeBlock language="json" label="booking.rescheduled payload" code={JSON.stringify(exampleWebhookEvent("booking.rescheduled"), null, 2)} />

      <h2>Headers</h2>
      <GuideTable caption="Webhook request headers">
        <thead>
          <tr>
            <th scope="col">Header</th>
            <th scope="col">Value</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>
              <code>Booking-Signature</code>
            </td>
            <td>
              <code>t=&lt;unix seconds&gt;,v1=&lt;hex&gt;</code>: HMAC-SHA256 keyed with the endpoint secret over <code>&lt;t&gt;.&lt;raw body bytes&gt;</code>,
              lowercase hex.
            </td>
          </tr>
          <tr>
            <td>
              <code>Booking-Event</code>
            </td>
            <td>The event type, as in the body.</td>
          </tr>
          <tr>
            <td>
              <code>Booking-Delivery</code>
            </td>
            <td>
              The delivery id, the body&apos;s <code>id</code>: the same on every retry, so it is your deduplication key.
            </td>
          </tr>
          <tr>
            <td>
              <code>Content-Type</code>, <code>User-Agent</code>
            </td>
            <td>
              <code>application/json</code>, <code>BookingPlatform-Webhooks/1</code>.
            </td>
          </tr>
        </tbody>
      </GuideTable>

      <h2>Verify the signature</h2>
      <p>
        Compute the HMAC over the raw bytes you received (not JSON you parsed and wrote again), compare in constant time, and refuse old timestamps: we enforce
        no tolerance, you choose yours (five minutes here). In Node:
      </p>
      <CodeBlock language="typescript" label="verify-booking-signature.ts" code={VERIFIER} />
      <p>And a receiver that uses it:</p>
      <CodeBlock language="typescript" label="Webhook receiver" code={RECEIVER} />

      <h2>Retries</h2>
      <ul>
        <li>
          Any 2xx answer is success. Anything else is a failure, 3xx included (redirects are recorded, never followed). An attempt is cut off after{" "}
          {WEBHOOK_TIMEOUT_MS / 1000} seconds: answer first, work later.
        </li>
        <li>
          {MAX_DELIVERY_ATTEMPTS} attempts per delivery, waiting {waits.slice(0, -1).join(", ")} and {waits.at(-1)} between them.
        </li>
        <li>
          {EXHAUSTED_DELIVERIES_TO_DEACTIVATE} deliveries in a row that use up their attempts turn the endpoint off; a success resets the count. Turn it back on
          with <code>PATCH /v1/webhook-endpoints/&#123;id&#125;</code> and <code>{`{"active": true}`}</code>.
        </li>
        <li>
          Delivery is at least once: a delivery can arrive more than once (our answer from you was lost, or our server stopped between your 2xx and our record
          of it; after a restart, unfinished deliveries resume by themselves). Every copy carries the same delivery id (<code>Booking-Delivery</code>, the
          body&apos;s <code>id</code>) and a valid signature: store the ids you have handled and skip a repeat.
        </li>
        <li>
          Deliveries are independent, so retries can arrive out of order: compare <code>created_at</code>, or read the booking with{" "}
          <code>GET /v1/bookings/&#123;id&#125;</code> when order matters.
        </li>
      </ul>

      <h2>History and replay</h2>
      <p>
        <code>GET /v1/webhook-endpoints/&#123;id&#125;/deliveries</code> lists every delivery, newest first (filter with <code>?status=failed</code>), with its
        attempts, last status and error, and the payload. <code>POST /v1/webhook-endpoints/&#123;id&#125;/deliveries/&#123;deliveryId&#125;/retry</code> sends
        one again now, with the same id, whatever its status; a pending delivery keeps its schedule if that attempt fails.{" "}
        <code>POST /v1/webhook-endpoints/&#123;id&#125;/rotate-secret</code> issues a new secret; the old one stops signing at once.
      </p>
    </Guide>
  );
}
