import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { E2E } from "./support/env";
import { sampleOf } from "../tests/helpers/prometheus";

/**
 * What an operator scrapes and traces (docs/operations.md, "Metrics" and "Traces"), over real
 * HTTP from the server `npm start` runs with METRICS_TOKEN and OTEL_EXPORTER_OTLP_ENDPOINT set:
 * GET /metrics refused without its token, counting requests by route pattern and status, a
 * booking and the runner's job runs (message outcomes and the spans' contents: tests/api/metrics.test.ts
 * and tests/api/tracing.test.ts). A server of its own on a fresh embedded database, its traces
 * sent to this test's OTLP HTTP receiver.
 */
const PORT = E2E.appPort + 30;
const APP = `http://127.0.0.1:${PORT}`;
const TOKEN = "e2e-metrics-token-0123456789";
const PASSES_MS = 15 * 60_000;

let server: ChildProcess;
let receiver: http.Server;
let output = "";
let dataDir = "";

test.describe.configure({ mode: "serial", timeout: 240_000 });

test.beforeAll(async () => {
  receiver = http.createServer((request, response) => {
    // The app's traces land here; what they hold is checked by tests/api/tracing.test.ts.
    request.resume();
    request.on("end", () => response.writeHead(200, { "Content-Type": "application/json" }).end("{}"));
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  dataDir = mkdtempSync(path.join(os.tmpdir(), "observability-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(PORT),
    DATA_DIR: dataDir,
    NEXT_TELEMETRY_DISABLED: "1",
    RUNNER_INTERVAL_MS: "300",
    METRICS_TOKEN: TOKEN,
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`,
    OTEL_BSP_SCHEDULE_DELAY: "200",
  };
  for (const name of ["APP_URL", "DATABASE_URL", "APP_SECRET", "SMTP_URL", "STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET"])
    delete env[name];
  server = spawn(process.execPath, ["scripts/start.mjs"], { env, stdio: ["ignore", "pipe", "pipe"] });
  server.stdout!.on("data", (chunk) => (output += chunk));
  server.stderr!.on("data", (chunk) => (output += chunk));
  await expect.poll(() => output, { timeout: 180_000 }).toContain("account key");
});

test.afterAll(async () => {
  if (server?.exitCode === null) {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
  }
  await new Promise((resolve) => receiver?.close(resolve));
  rmSync(dataDir, { recursive: true, force: true });
});

const secretKey = () => /secret key\s+(sk_\S+)/.exec(output)?.[1] ?? "";

async function scrape(): Promise<string> {
  const response = await fetch(`${APP}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return response.text();
}

async function expectEnvelope(response: Response, status: number, type: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  expect(((await response.json()) as { error: { type: string } }).error.type).toBe(type);
}

test("GET /metrics: 404 where METRICS_TOKEN is unset, 401 without or with a wrong token, in the envelope", async () => {
  // The suite's own server runs without METRICS_TOKEN.
  await expectEnvelope(await fetch(`${E2E.appUrl}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } }), 404, "not_found");
  await expectEnvelope(await fetch(`${APP}/metrics`), 401, "unauthorized");
  await expectEnvelope(await fetch(`${APP}/metrics`, { headers: { Authorization: "Bearer not-the-token-at-all" } }), 401, "unauthorized");
  expect(await scrape()).toContain("# TYPE booking_http_request_duration_seconds histogram");
});

test("counts requests by route pattern and status, a booking and the runner's job runs", async () => {
  const auth = { Authorization: `Bearer ${secretKey()}` };
  const before = await scrape();
  const count = (text: string, labels: Record<string, string>) => sampleOf(text, "booking_http_request_duration_seconds_count", labels) ?? 0;
  const servicesBefore = count(before, { method: "GET", route: "/v1/services", status: "200" });
  const missingBefore = count(before, { method: "GET", route: "/v1/bookings/{id}", status: "404" });
  const unmatchedBefore = count(before, { method: "GET", route: "(unmatched)", status: "404" });

  const services = await fetch(`${APP}/v1/services`, { headers: auth });
  expect(services.status).toBe(200);
  const serviceId = ((await services.json()) as { data: { id: string }[] }).data[0]!.id;
  expect((await fetch(`${APP}/v1/bookings/00000000-0000-4000-8000-000000000000`, { headers: auth })).status).toBe(404);
  const page = await fetch(`${APP}/no-such-page-${Date.now()}`);
  expect(page.status).toBe(404);
  await page.text();

  // A request is counted once its answer is written to the end (a page streams after its head).
  const counted = async () => {
    const text = await scrape();
    return [
      count(text, { method: "GET", route: "/v1/services", status: "200" }),
      count(text, { method: "GET", route: "/v1/bookings/{id}", status: "404" }),
      count(text, { method: "GET", route: "(unmatched)", status: "404" }),
    ];
  };
  await expect.poll(counted, { timeout: 10_000 }).toEqual([servicesBefore + 1, missingBefore + 1, unmatchedBefore + 1]);
  const after = await scrape();
  // Never a raw path (it may carry a token), and a scrape is not counted.
  expect(after).not.toContain("00000000-0000-4000-8000-000000000000");
  expect(after).not.toContain("no-such-page");
  expect(after).not.toContain('route="/metrics"');

  // A booking at the first time more than 15 minutes away.
  const from = new Date(Date.now() + PASSES_MS).toISOString();
  const to = new Date(Date.now() + 7 * 86_400_000).toISOString();
  const availability = (await (
    await fetch(`${APP}/v1/availability?service_id=${serviceId}&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`, { headers: auth })
  ).json()) as { data: { staff_id: string; slots: { start: string }[] }[] };
  const slot = availability.data.flatMap((calendar) => calendar.slots.map((s) => ({ staff_id: calendar.staff_id, start: s.start })))[0]!;
  const created = await fetch(`${APP}/v1/bookings`, {
    method: "POST",
    headers: { ...auth, "Content-Type": "application/json" },
    body: JSON.stringify({
      service_id: serviceId,
      staff_id: slot.staff_id,
      starts_at: slot.start,
      customer: { name: "Otto Metric", email: `otto-${Date.now()}@example.com` },
    }),
  });
  expect(created.status, await created.clone().text()).toBe(201);

  const bookingsBefore = sampleOf(before, "booking_bookings_created_total", { created_via: "sk" }) ?? 0;
  const booked = await scrape();
  expect(sampleOf(booked, "booking_bookings_created_total", { created_via: "sk" })).toBe(bookingsBefore + 1);
  expect(count(booked, { method: "POST", route: "/v1/bookings", status: "201" })).toBeGreaterThanOrEqual(1);
  // The in-process runner (every 300 ms): each run counted, with its duration.
  await expect
    .poll(async () => sampleOf(await scrape(), "booking_job_runs_total", { job: "run-due-work", outcome: "ok" }) ?? 0, { timeout: 30_000 })
    .toBeGreaterThan(0);
  expect(sampleOf(await scrape(), "booking_job_run_duration_seconds_count", { job: "run-due-work" })).toBeGreaterThan(0);
});
