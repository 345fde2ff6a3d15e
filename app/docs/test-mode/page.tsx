import type { Metadata } from "next";
import { connection } from "next/server";
import { CodeBlock } from "@/components/docs/code-block";
import { Guide } from "@/components/docs/guide";
import { getConfig } from "@/lib/config";

export const metadata: Metadata = { title: "Test mode" };

const CLOCK = `curl -sS "$BASE/dev/clock"                                   # {"now": "…", "offset_seconds": 0}
curl -sS -X POST "$BASE/dev/clock" -H "Content-Type: application/json" -d '{"advance_seconds": 660}'
curl -sS -X POST "$BASE/dev/clock" -H "Content-Type: application/json" -d '{"now": "2027-03-01T09:00:00-05:00"}'
curl -sS -X DELETE "$BASE/dev/clock"                         # back to real time`;

const JOBS = `curl -sS -X POST "$BASE/dev/jobs/run"    # {"counts": {…}}: what each kind of background work processed`;

const OUTBOX = `curl -sS -G "$BASE/dev/outbox/messages" --data-urlencode "to=ada@example.com" \\
  | jq -r '.data[0] | .subject, .text'`;

const PAYMENT = `curl -sS -X POST "$BASE/dev/payments/$BOOKING_ID/succeed"   # or …/fail: the card is declined`;

// GET /docs/test-mode – the dev clock, background jobs, the outbox and the test payment processor
export default async function TestModeGuide() {
  await connection();
  const { devTools } = getConfig();
  return (
    <Guide
      title="Test mode"
      lead="With dev tools on, you can move this server's clock, run background work on demand, read every email and SMS it sent, and pay or decline test payments: everything a test of your integration needs, without waiting or real money."
      next={{ href: "/docs/errors", label: "Errors and when to retry" }}
    >
      <p>
        Dev tools are on when the app runs on its embedded database (a plain <code>npm start</code>) and off with <code>DATABASE_URL</code>;{" "}
        <code>DEV_TOOLS=1</code> or <code>DEV_TOOLS=0</code> decides explicitly. When they are off every <code>/dev</code> route answers 404. Never turn them on
        in production. {devTools ? "They are on on this server." : "They are off on this server."}
      </p>

      <h2>The dev clock</h2>
      <p>
        Every time decision (availability, lead time and notice, hold expiry, cancellation cutoffs, reminders, webhook retries) reads one clock. Set it to a
        moment or move it by seconds; it is kept in the database, so every instance sees the same time.
      </p>
      <CodeBlock label="Dev clock commands" code={CLOCK} />

      <h2>Background work</h2>
      <p>
        Webhook deliveries and their retries, hold expiry, emails and SMS, reminders and refunds run in the background (on Inngest when configured, else an
        in-process runner). <code>POST /dev/jobs/run</code> runs everything due now on the app clock, synchronously, and answers with counts. Move the clock,
        then run the jobs: 11 minutes on, a code hold has expired; 1 minute after a failed delivery, its retry has been sent.
      </p>
      <CodeBlock label="Run background work" code={JOBS} />

      <h2>The outbox</h2>
      <p>
        Every email and SMS the app sends is recorded, and with no <code>RESEND_API_KEY</code>, <code>SMTP_URL</code> or Twilio settings it goes nowhere else.
        Read it at <a href="/dev/outbox">/dev/outbox</a>, or as JSON, newest first (this is how a test reads a customer&apos;s 6-digit code):
      </p>
      <CodeBlock label="Read the outbox" code={OUTBOX} />

      <h2>The test payment processor</h2>
      <p>
        With no Stripe keys and the embedded database, paid services take payments through a test-mode processor. The workspace needs a{" "}
        <code>stripe_account_id</code> (any <code>acct_…</code> value) before a paid service is bookable. A booking of a paid service starts{" "}
        <code>awaiting_payment</code> with a 30-minute hold; settle its payment as the customer&apos;s card would:
      </p>
      <CodeBlock label="Settle a test payment" code={PAYMENT} />
      <p>
        <code>succeed</code> confirms the booking (or refunds in full when its slot went meanwhile) and sends <code>booking.created</code>; <code>fail</code>{" "}
        leaves the payment waiting for another card. The hosted booking page shows the same two choices in test mode.
      </p>
    </Guide>
  );
}
