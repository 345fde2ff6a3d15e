import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import { getConfig } from "@/lib/config";
import { DEMO_SLUG } from "@/lib/cli/demo";
import styles from "./landing.module.css";

export const metadata: Metadata = {
  title: "Appointment booking",
  description: "An appointment booking API with hosted booking pages, an embeddable widget and signed webhooks.",
};

// GET / – what this is, and where to go: the demo booking page, the docs, the OpenAPI document
export default async function HomePage() {
  await connection();
  const { devTools } = getConfig();
  return (
    <main className={styles.page}>
      <h1>Appointment booking</h1>
      <p className={styles.lead}>
        An online booking service for appointment businesses: a JSON API for calendars, services, availability and bookings, hosted booking pages, an embeddable
        widget, and signed webhooks.
      </p>
      <ul className={styles.cards}>
        <li>
          {/* A document load, not a client-side navigation: the booking flow owns its page's history entries (app/(public)/_flow/flow-history.ts). */}
          <a href={`/book/${DEMO_SLUG}`} className={styles.card}>
            <span className={styles.cardTitle}>Try the demo booking page</span>
            <span>Book an appointment at the demo studio, as a customer would.</span>
          </a>
        </li>
        <li>
          <Link href="/docs" className={styles.card}>
            <span className={styles.cardTitle}>Read the docs</span>
            <span>The API reference with &ldquo;try it&rdquo;, and guides: quickstart, webhooks, embedding, test mode, errors.</span>
          </Link>
        </li>
        <li>
          <Link href="/docs/quickstart" className={styles.card}>
            <span className={styles.cardTitle}>Quickstart</span>
            <span>From an account key to a booking and its webhook, as copyable curl commands.</span>
          </Link>
        </li>
        <li>
          <a href="/v1/openapi.json" className={styles.card}>
            <span className={styles.cardTitle}>OpenAPI document</span>
            <span>OpenAPI 3.1 JSON for generating a client: /v1/openapi.json.</span>
          </a>
        </li>
      </ul>
      {devTools ? (
        <section className={styles.dev} aria-labelledby="dev-heading">
          <h2 id="dev-heading">Running it yourself</h2>
          <p>This server runs with dev tools on, so here is where to find the demo workspace&apos;s keys (never on this page):</p>
          <ul>
            <li>
              <code>npm start</code> printed them when it started: the publishable, secret and account keys of the demo workspace.
            </li>
            <li>
              They are kept in <code>demo-keys.json</code> in the data directory (<code>DATA_DIR</code>, <code>.data</code> by default);{" "}
              <code>npm run -s cli -- demo</code> prints them again while the app is stopped.
            </li>
            <li>
              Sent emails and SMS are at <a href="/dev/outbox">/dev/outbox</a>; the clock, background jobs and test payments are in the{" "}
              <Link href="/docs/test-mode">test mode guide</Link>.
            </li>
          </ul>
        </section>
      ) : null}
    </main>
  );
}
