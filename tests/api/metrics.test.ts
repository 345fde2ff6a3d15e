import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { setConfigForTesting } from "@/lib/config";
import { databasePoolUse } from "@/lib/db/client";
import { outboxMessages } from "@/lib/db/schema";
import { countExternalCalendarsByStatus } from "@/lib/external-calendars/count-by-status";
import { syncExternalCalendar } from "@/lib/external-calendars/sync-external-calendar";
import { startInProcessRunner } from "@/lib/jobs/in-process-runner";
import { OUTBOX_MAX_ATTEMPTS } from "@/lib/notifications/send-due-messages";
import { setMessageTransportsForTesting, type Mailer } from "@/lib/notifications/transports";
import { watchDatabasePool, watchExternalCalendars } from "@/lib/observability/metrics";
import { fixedClock } from "@/lib/time/clock";
import { api } from "../helpers/api";
import { bookConfirmed, localAt, setNow } from "../helpers/bookings";
import { addExternalCalendar, addService } from "../helpers/factories";
import { expectError, newWorkspace } from "../helpers/fixtures";
import { outboxRows, runJobs } from "../helpers/outbox";
import { sampleOf } from "../helpers/prometheus";
import { currentDb } from "../helpers/test-db";

/**
 * GET /metrics (docs/operations.md, "Metrics"): the Prometheus text of this instance, only for
 * the bearer of METRICS_TOKEN, counting what an operator alerts on. The requests' own counts are
 * written by the server at each answer (e2e/observability.spec.ts reads them over real HTTP).
 */
const TOKEN = "metrics-token-0123456789abcdef";
const NOW = new Date("2031-03-03T12:00:00Z");

async function scrape(): Promise<string> {
  const response = await api.get("/metrics", { headers: { Authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  expect(response.headers.get("cache-control")).toBe("no-store");
  return response.body as string;
}

const read = async (name: string, labels: Record<string, string> = {}) => sampleOf(await scrape(), name, labels) ?? 0;

afterEach(() => setMessageTransportsForTesting(undefined));

describe("GET /metrics", () => {
  it("does not exist without METRICS_TOKEN, and refuses a missing or wrong bearer token, in the envelope", async () => {
    setConfigForTesting({ metricsToken: undefined });
    expectError(await api.get("/metrics"), 404, "not_found");
    expectError(await api.get("/metrics", { headers: { Authorization: `Bearer ${TOKEN}` } }), 404, "not_found");
    setConfigForTesting({ metricsToken: TOKEN });
    const missing = await api.get("/metrics");
    expectError(missing, 401, "unauthorized");
    expect(missing.headers.get("www-authenticate")).toBe("Bearer");
    expectError(await api.get("/metrics", { headers: { Authorization: `Bearer ${TOKEN}x` } }), 401, "unauthorized");
    expectError(await api.get("/metrics", { headers: { Authorization: `Basic ${TOKEN}` } }), 401, "unauthorized");
    expectError(await api.post("/metrics", { headers: { Authorization: `Bearer ${TOKEN}` } }), 405, "method_not_allowed");
    expect(await scrape()).toContain("# TYPE booking_http_request_duration_seconds histogram");
  });

  it("counts a booking created and each message outcome: sent, retrying and given up", async () => {
    setConfigForTesting({ metricsToken: TOKEN });
    const ws = await newWorkspace();
    const service = await addService(ws);
    await setNow(NOW);
    const created = await read("booking_bookings_created_total", { created_via: "sk" });
    const sent = await read("booking_messages_total", { channel: "email", outcome: "sent" });
    await bookConfirmed(ws, { service_id: service.id, starts_at: localAt(ws, 2, "10:00", NOW), customer: { name: "Ada", email: `sent-${ws.id}@example.com` } });
    expect(await read("booking_bookings_created_total", { created_via: "sk" })).toBe(created + 1);
    // No email port in tests: the outbox row is the delivery (the customer's and the business's emails).
    const counts = await runJobs();
    expect(await read("booking_messages_total", { channel: "email", outcome: "sent" })).toBe(sent + counts["outbox-messages"]!);

    const email = `bounce-${ws.id}@example.com`;
    await bookConfirmed(ws, { service_id: service.id, starts_at: localAt(ws, 2, "12:00", NOW), customer: { name: "Bo", email } });
    const bouncing: Mailer = {
      send: async (message) => {
        if (message.to === email) throw new Error("550 mailbox unavailable");
      },
    };
    setMessageTransportsForTesting({ mailer: bouncing });
    const retrying = await read("booking_messages_total", { channel: "email", outcome: "retrying" });
    const failed = await read("booking_messages_total", { channel: "email", outcome: "failed" });
    await runJobs();
    expect(await read("booking_messages_total", { channel: "email", outcome: "retrying" })).toBe(retrying + 1);
    // Its last attempt: the next failure gives the message up.
    const [row] = await outboxRows(email);
    await currentDb()
      .db.update(outboxMessages)
      .set({ attempts: OUTBOX_MAX_ATTEMPTS - 1, finishedAttempts: OUTBOX_MAX_ATTEMPTS - 1, nextAttemptAt: NOW })
      .where(eq(outboxMessages.id, row!.id));
    await runJobs();
    expect((await outboxRows(email))[0]!.status).toBe("failed");
    expect(await read("booking_messages_total", { channel: "email", outcome: "failed" })).toBe(failed + 1);
  });

  it("counts job runs of the in-process runner by outcome, with their duration", async () => {
    setConfigForTesting({ metricsToken: TOKEN });
    const before = await read("booking_job_runs_total", { job: "run-due-work", outcome: "ok" });
    // The worker's metrics outlive a test file (vitest.config.ts): counted from here.
    const failedBefore = await read("booking_job_runs_total", { job: "run-due-work", outcome: "failed" });
    const runner = startInProcessRunner({ intervalMs: 20 });
    try {
      await expect.poll(() => read("booking_job_runs_total", { job: "run-due-work", outcome: "ok" }), { timeout: 20_000 }).toBeGreaterThan(before);
    } finally {
      await runner?.stop();
    }
    expect(await read("booking_job_run_duration_seconds_count", { job: "run-due-work" })).toBeGreaterThan(0);
    expect(await read("booking_job_runs_total", { job: "run-due-work", outcome: "failed" })).toBe(failedBefore);
  });

  it("shows the external calendars failing and counts their failed reads; the pool's use on PostgreSQL", async () => {
    setConfigForTesting({ metricsToken: TOKEN });
    watchExternalCalendars(() => countExternalCalendarsByStatus(currentDb()));
    watchDatabasePool(databasePoolUse);
    const ws = await newWorkspace();
    const failing = await read("booking_external_calendars", { status: "failing" });
    const failures = await read("booking_external_calendar_sync_failures_total");
    const source = await addExternalCalendar(ws, ws.staffId);
    // Its address answers nothing: the read fails, and the calendar turns failing.
    const outcome = await syncExternalCalendar({ db: currentDb().db, clock: fixedClock(NOW) }, source.id);
    expect(outcome?.row.status).toBe("failing");
    const text = await scrape();
    expect(sampleOf(text, "booking_external_calendars", { status: "failing" })).toBe(failing + 1);
    expect(sampleOf(text, "booking_external_calendar_sync_failures_total")).toBe(failures + 1);
    if (process.env.DATABASE_URL) {
      // tests/helpers/setup-file.ts opens this file's pool with 20 connections; an open transaction holds one.
      await currentDb().db.transaction(async () => {
        const during = await scrape();
        expect(sampleOf(during, "booking_db_pool_connections", { state: "max" })).toBe(20);
        expect(sampleOf(during, "booking_db_pool_connections", { state: "in_use" })).toBeGreaterThanOrEqual(1);
        expect(sampleOf(during, "booking_db_pool_connections", { state: "waiting" })).toBe(0);
      });
    } else {
      expect(sampleOf(text, "booking_db_pool_connections", { state: "max" })).toBeUndefined();
    }
  });
});
