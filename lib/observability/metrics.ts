import { createHash, timingSafeEqual } from "node:crypto";
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { processSlot } from "@/lib/process-state";
import { inJobSpan, recordRequestSpan } from "./tracing";

/**
 * The app's Prometheus metrics (docs/operations.md, "Metrics"), one typed registry per process:
 * each instance behind the balancer exposes its own at `GET /metrics`, and Prometheus sums them.
 * Everything is registered here; the rest of the app reports through the small functions below,
 * ONE call per place (request end, booking created, message outcome, webhook delivery outcome,
 * job run, external calendar sync failure), so a rewrite of one of those places moves one line.
 *
 * The registry lives in the process state (lib/process-state.ts): the server (lib/http/server.ts, bundled
 * apart) and Next's bundles each load this module, and they must count into one registry.
 */
type Metrics = ReturnType<typeof register>;

/** What the database module tells about its pool (lib/db/client.ts): how many connections, how many busy, how many waiting. */
export type PoolUse = { max: number; inUse: number; waiting: number };

type ObservabilityState = {
  metrics?: Metrics;
  /** Read at scrape time: the app's pool, once the database is open. */
  poolUse?: () => PoolUse | undefined;
  /** Read at scrape time: the external calendars by status (a database count, bounded by SCRAPE_QUERY_TIMEOUT_MS). */
  sourcesByStatus?: () => Promise<Record<string, number>>;
};

const state: ObservabilityState = processSlot<ObservabilityState>("observability", () => ({}));

/** Seconds: from a cached answer (a few ms) to the longest a request may take behind the admission queue. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300];
/** A scrape never waits long on the database: without an answer the gauge is left out of this scrape. */
const SCRAPE_QUERY_TIMEOUT_MS = 1_000;
/** The methods a label may carry; anything else the gate answered is "OTHER" (an attacker picks the method). */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
const EXTERNAL_CALENDAR_STATUSES = ["ok", "failing", "disabled"] as const;

function register() {
  const registry = new Registry();
  // The runtime's own: CPU, memory, event loop lag, open handles (prom-client's standard set).
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    requestDuration: new Histogram({
      name: "booking_http_request_duration_seconds",
      help: "Requests answered, by method, route pattern (never the raw path) and status, with their duration.",
      labelNames: ["method", "route", "status"] as const,
      buckets: REQUEST_BUCKETS,
      registers,
    }),
    bookingsCreated: new Counter({
      name: "booking_bookings_created_total",
      help: "Bookings created, by who created them (sk, pk, public).",
      labelNames: ["created_via"] as const,
      registers,
    }),
    messages: new Counter({
      name: "booking_messages_total",
      help: "Attempts to send an email or SMS, by channel and outcome: sent, retrying (failed, tried again later), failed (given up).",
      labelNames: ["channel", "outcome"] as const,
      registers,
    }),
    webhookDeliveries: new Counter({
      name: "booking_webhook_deliveries_total",
      help: "Webhook delivery attempts, by outcome: succeeded, retrying (failed, tried again later), failed (given up).",
      labelNames: ["outcome"] as const,
      registers,
    }),
    jobRuns: new Counter({
      name: "booking_job_runs_total",
      help: "Background job runs on this instance, by job and outcome (ok, failed).",
      labelNames: ["job", "outcome"] as const,
      registers,
    }),
    jobDuration: new Histogram({
      name: "booking_job_run_duration_seconds",
      help: "How long a background job run took, by job.",
      labelNames: ["job"] as const,
      buckets: JOB_BUCKETS,
      registers,
    }),
    syncFailures: new Counter({
      name: "booking_external_calendar_sync_failures_total",
      help: "External calendar reads that failed on this instance.",
      registers,
    }),
    pool: new Gauge({
      name: "booking_db_pool_connections",
      help: "The database pool of this instance (PostgreSQL only): max (its size), in_use, waiting (units of work queued for a connection).",
      labelNames: ["state"] as const,
      registers,
      collect() {
        this.reset();
        const use = state.poolUse?.();
        if (!use) return;
        this.set({ state: "max" }, use.max);
        this.set({ state: "in_use" }, use.inUse);
        this.set({ state: "waiting" }, use.waiting);
      },
    }),
    externalCalendars: new Gauge({
      name: "booking_external_calendars",
      help: "External calendars in the database by status (the same on every instance: aggregate with max, not sum).",
      labelNames: ["status"] as const,
      registers,
      async collect() {
        this.reset();
        const counts = await withTimeout(state.sourcesByStatus?.(), SCRAPE_QUERY_TIMEOUT_MS).catch(() => undefined);
        if (!counts) return;
        for (const status of EXTERNAL_CALENDAR_STATUSES) this.set({ status }, counts[status] ?? 0);
      },
    }),
  };
}

function metrics(): Metrics {
  return (state.metrics ??= register());
}

async function withTimeout<T>(work: Promise<T> | undefined, ms: number): Promise<T | undefined> {
  if (!work) return undefined;
  const abort = new AbortController();
  const timeout = sleep(ms, undefined, { signal: abort.signal, ref: false }).catch(() => undefined);
  try {
    return await Promise.race([work, timeout]);
  } finally {
    abort.abort();
  }
}

// ---- The hooks: one call per place ----

/** Request end (lib/http/server.ts): its method, route pattern, status and duration; also its span when tracing is on. */
export function observeRequest(request: { method: string; route: string; status: number; durationMs: number }): void {
  // A scrape is not traffic: counting it would make every scrape change what the next one reads.
  if (request.route === "/metrics") return;
  const method = METHODS.has(request.method) ? request.method : "OTHER";
  metrics().requestDuration.observe({ method, route: request.route, status: String(request.status) }, request.durationMs / 1000);
  recordRequestSpan({ ...request, method });
}

/** A booking created (lib/bookings/create-booking.ts), after its transaction committed. */
export function countBookingCreated(createdVia: string): void {
  metrics().bookingsCreated.inc({ created_via: createdVia });
}

export type AttemptOutcome = "sent" | "retrying" | "failed";

/** One email or SMS attempt's outcome (lib/notifications/send-due-messages.ts). */
export function countMessageOutcome(channel: string, outcome: AttemptOutcome): void {
  metrics().messages.inc({ channel, outcome });
}

/** One webhook delivery attempt's outcome (lib/webhooks/attempt-delivery.ts). */
export function countWebhookDelivery(outcome: "succeeded" | "retrying" | "failed"): void {
  metrics().webhookDeliveries.inc({ outcome });
}

/** An external calendar read that failed (lib/external-calendars/sync-external-calendar.ts). */
export function countSyncFailure(): void {
  metrics().syncFailures.inc();
}

/**
 * One job run (lib/jobs/definitions/index.ts wraps every job definition's handler with it, so
 * both drivers run through it): its span, counted by outcome, with its duration. A throw is rethrown.
 */
export async function observeJob<T>(job: string, run: () => Promise<T>): Promise<T> {
  const started = performance.now();
  let outcome: "ok" | "failed" = "failed";
  try {
    const result = await inJobSpan(job, run);
    outcome = "ok";
    return result;
  } finally {
    const m = metrics();
    m.jobRuns.inc({ job, outcome });
    m.jobDuration.observe({ job }, (performance.now() - started) / 1000);
  }
}

/** Where the scrape reads the pool's use (registered by lib/db/client.ts once the database is open). */
export function watchDatabasePool(read: (() => PoolUse | undefined) | undefined): void {
  state.poolUse = read;
}

/** Where the scrape counts the external calendars by status (registered at start, lib/start/register-node.ts). */
export function watchExternalCalendars(count: () => Promise<Record<string, number>>): void {
  state.sourcesByStatus = count;
}

// ---- The endpoint ----

/** Why a scrape is refused: no METRICS_TOKEN set (the endpoint does not exist), or a wrong or missing bearer token. */
export type ScrapeRefusal = "disabled" | "unauthorized";

/** GET /metrics answers only with `Authorization: Bearer <METRICS_TOKEN>`; the comparison takes the same time whatever the token. */
export function checkScrape(token: string | undefined, authorization: string | null): ScrapeRefusal | undefined {
  if (!token) return "disabled";
  const presented = /^Bearer (.+)$/i.exec(authorization ?? "")?.[1]?.trim();
  if (!presented) return "unauthorized";
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(presented), digest(token)) ? undefined : "unauthorized";
}

/** The Prometheus text exposition of this instance. */
export async function exposition(): Promise<{ body: string; contentType: string }> {
  const { registry } = metrics();
  return { body: await registry.metrics(), contentType: registry.contentType };
}
