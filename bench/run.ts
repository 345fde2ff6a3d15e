import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import autocannon, { type Options, type Result } from "autocannon";
import { seedBenchWorkspace, SEEDED_BOOKINGS, CALENDARS } from "./seed";
import { buildIfNeeded, freePort, startServer } from "./server";

/**
 * `npm run bench`: one run against a real `next start` on a fresh embedded data directory.
 * Seeds 10 calendars, a 15-minute interval and 2,000 bookings, then measures a light
 * authenticated route (the baseline), availability over 62 days (asked again and again, as a
 * booking page does, so mostly answered from the kept answer; and computed afresh every
 * time, for information) and booking creation:
 * - throughput: requests/s (and p50/p99) with BENCH_CONNECTIONS concurrent connections,
 *   printed as a ratio to the baseline;
 * - latency: p50/p99 with one connection, i.e. what one request costs without queueing
 *   behind the others (with N connections p50 is about N × that, whatever the route).
 * Exits 1 when a target is missed.
 *
 * Settings: BENCH_DURATION_SECONDS (default 10), BENCH_WARMUP_SECONDS (3),
 * BENCH_CONNECTIONS (10).
 */
const DURATION_SECONDS = Number(process.env.BENCH_DURATION_SECONDS ?? 10);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

const TARGETS = { availabilityRatio: 0.25, availabilityP50Ms: 15, creationRatio: 0.1 };

type Row = { label: string; throughput: Result; latency: Result };

async function main() {
  buildIfNeeded();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "booking-bench-"));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // The seeding process and the server share one configuration: embedded, this data dir.
  delete process.env.DATABASE_URL;
  Object.assign(process.env, { DATA_DIR: dataDir, PORT: String(port), APP_URL: base });

  const { openAppDb } = await import("@/lib/cli/open-app-db");
  const handle = await openAppDb();
  const seeded = await seedBenchWorkspace(handle.db);
  await handle.close();
  console.log(`Seeded ${CALENDARS} calendars, a 15-minute interval and ${SEEDED_BOOKINGS} bookings in ${dataDir}.`);

  const auth = { Authorization: `Bearer ${seeded.secretKey}` };
  const server = await startServer(port, process.env, "/v1/api-keys", auth);
  try {
    const from = seeded.firstDay;
    const availabilityPath = `/v1/availability?${new URLSearchParams({
      service_id: seeded.serviceId,
      from: from.toISO()!,
      to: from.plus({ days: 62 }).toISO()!,
    })}`;
    const sample = await probe(base + availabilityPath, { headers: auth });
    const slotCount = sample.data.reduce((sum: number, calendar: { slots: unknown[] }) => sum + calendar.slots.length, 0);
    console.log(`Availability over 62 days answers ${slotCount} slots on ${sample.data.length} calendars.`);

    let next = 0;
    const creationBody = () => {
      const i = next++;
      const customer = { name: `Bench ${i}`, email: `bench-${i}@bench.example` };
      return JSON.stringify({ service_id: seeded.serviceId, starts_at: seeded.creationStarts[i % seeded.creationStarts.length], customer });
    };
    const json = { ...auth, "Content-Type": "application/json" };
    await probe(base + "/v1/api-keys", { headers: auth });
    await probe(base + "/v1/bookings", { method: "POST", headers: json, body: creationBody() });

    const rows: Row[] = [];
    rows.push({ label: "baseline: GET /v1/api-keys", ...(await measure({ url: base + "/v1/api-keys", headers: auth })) });
    rows.push({ label: "availability, 62 days", ...(await measure({ url: base + availabilityPath, headers: auth })) });
    // The same range starting one millisecond later each time: never a kept answer, so every
    // request runs the queries, the engine and the serialization (informational, no target).
    let shift = 0;
    const freshPath = () =>
      `/v1/availability?${new URLSearchParams({ service_id: seeded.serviceId, from: from.plus({ milliseconds: ++shift }).toISO()!, to: from.plus({ days: 62 }).toISO()! })}`;
    const fresh: Options = { url: base, headers: auth, requests: [{ method: "GET", setupRequest: (request) => ({ ...request, path: freshPath() }) }] };
    rows.push({ label: "availability, 62 days, computed", ...(await measure(fresh)) });
    const creation: Options = {
      url: base,
      headers: json,
      requests: [{ method: "POST", path: "/v1/bookings", setupRequest: (request) => ({ ...request, body: creationBody() }) }],
    };
    rows.push({ label: "booking creation: POST /v1/bookings", ...(await measure(creation)) });
    console.log(`(${next} creations sent for ${seeded.creationStarts.length} free calendar slots)`);
    process.exitCode = report(rows) ? 0 : 1;
  } finally {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function measure(options: Options): Promise<{ throughput: Result; latency: Result }> {
  await autocannon({ ...options, connections: CONNECTIONS, timeout: 30, duration: WARMUP_SECONDS });
  const throughput = await autocannon({ ...options, connections: CONNECTIONS, timeout: 30, duration: DURATION_SECONDS });
  const latency = await autocannon({ ...options, connections: 1, timeout: 30, duration: DURATION_SECONDS });
  return { throughput, latency };
}

/** One request that must succeed before its route is measured (a failing route is not a fast one). */
async function probe(url: string, init: RequestInit): Promise<any> {
  const response = await fetch(url, init);
  const body = await response.json();
  if (!response.ok) throw new Error(`${init.method ?? "GET"} ${url} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

const failuresOf = (result: Result) => result.non2xx + result.errors + result.timeouts;

/** Prints the table and the targets; true when every target is met. */
function report(rows: Row[]): boolean {
  const baseline = rows[0]!.throughput.requests.average;
  const ratio = (row: Row) => row.throughput.requests.average / baseline;
  console.log(`\nThroughput: ${CONNECTIONS} connections; latency: 1 connection; ${DURATION_SECONDS} s each after ${WARMUP_SECONDS} s of warm-up`);
  console.log(
    `${"route".padEnd(38)}${"req/s".padStart(8)}${"ratio".padStart(7)}${"p50".padStart(6)}${"p99".padStart(6)}  |${"1-conn p50".padStart(11)}${"p99".padStart(6)}${"req/s".padStart(7)}  |${"failed".padStart(7)}`,
  );
  for (const row of rows) {
    const { throughput: t, latency: l } = row;
    console.log(
      `${row.label.padEnd(38)}${t.requests.average.toFixed(1).padStart(8)}${ratio(row).toFixed(2).padStart(7)}${String(t.latency.p50).padStart(6)}${String(t.latency.p99).padStart(6)}  |` +
        `${String(l.latency.p50).padStart(11)}${String(l.latency.p99).padStart(6)}${l.requests.average.toFixed(1).padStart(7)}  |${String(failuresOf(t) + failuresOf(l)).padStart(7)}`,
    );
  }
  console.log("(latencies in ms)");
  const [, availability, , creation] = rows;
  const checks = [
    [`availability ≥ ${TARGETS.availabilityRatio} of baseline (${ratio(availability!).toFixed(2)})`, ratio(availability!) >= TARGETS.availabilityRatio],
    [
      `availability p50 ≤ ${TARGETS.availabilityP50Ms} ms (${availability!.latency.latency.p50} ms, one connection)`,
      availability!.latency.latency.p50 <= TARGETS.availabilityP50Ms,
    ],
    [`creation ≥ ${TARGETS.creationRatio} of baseline (${ratio(creation!).toFixed(2)})`, ratio(creation!) >= TARGETS.creationRatio],
    ["no failed requests", rows.every((row) => failuresOf(row.throughput) + failuresOf(row.latency) === 0)],
  ] as const;
  console.log("");
  for (const [name, isMet] of checks) console.log(`${isMet ? "PASS" : "FAIL"}  ${name}`);
  return checks.every(([, isMet]) => isMet);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
