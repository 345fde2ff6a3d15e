import { execFile, execFileSync, spawn, type ChildProcess } from "node:child_process";
import { promisify } from "node:util";
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { newWorkspace, type TestWorkspace } from "../helpers/fixtures";
import { currentDatabaseUrl } from "../helpers/test-db";

/**
 * The database's pooler stopped for 30 s under a bounded load (docs/deploy.md, "When the
 * database is unreachable"; CI's PgBouncer step): a real `npm start` server (the tree's build)
 * behind a PgBouncer of this test's own. For 15 s the pooler hangs (SIGSTOP: connections stay
 * open and nothing answers, the hardest case for a client), then it is killed (connections
 * reset, new ones refused), and 30 s after the stop it starts again. Throughout: every API answer
 * is 2xx or 503 `transient_failure` (p99 ≤ 3 s, max ≤ 5 s while the database is gone),
 * /healthz answers 200 within 1 s, /readyz 503 within 2 s while the pooler is gone; the app
 * serves again within 10 s of its return with no restart and no 5xx after; every create it
 * acknowledged is in the database.
 *
 * Runs only when OUTAGE_PGBOUNCER_PORT names a free port for its PgBouncer (CI sets it; the
 * app's port is OUTAGE_APP_PORT, default that port + 1), on PostgreSQL, with a build present.
 */
const PGB_PORT = Number(process.env.OUTAGE_PGBOUNCER_PORT);
const APP_PORT = Number(process.env.OUTAGE_APP_PORT ?? PGB_PORT + 1);
const APP = `http://127.0.0.1:${APP_PORT}`;
const OUTAGE_MS = 30_000;
const HANG_MS = 15_000;

type Sample = { kind: "api" | "healthz" | "readyz"; what: string; started: number; ended: number; status: number; type?: string; id?: string };

const now = () => performance.now();
const PGBOUNCER_SH = path.join(process.cwd(), "scripts/deploy/pgbouncer.sh");
const pgbouncer = (...args: string[]) => execFileSync(PGBOUNCER_SH, args, { stdio: "pipe" });
/** While the load runs, never block this process's event loop: its clients' timings would count the wait. */
const pgbouncerAsync = (...args: string[]) => promisify(execFile)(PGBOUNCER_SH, args);

describe.runIf(process.env.OUTAGE_PGBOUNCER_PORT && process.env.DATABASE_URL)("the database's pooler stopped for 30 s under load", () => {
  let dir: string;
  let server: ChildProcess | undefined;
  let log = "";
  let ws: TestWorkspace;

  beforeAll(async () => {
    if (!existsSync(path.join(process.cwd(), ".next", "BUILD_ID"))) throw new Error("the outage test serves the tree's build: run `npm run build` first");
    ws = await newWorkspace();
    dir = mkdtempSync(path.join(tmpdir(), "outage-pgbouncer-"));
    pgbouncer("start", String(PGB_PORT), dir);
    const database = new URL(currentDatabaseUrl()!).pathname;
    const direct = new URL(process.env.DATABASE_MIGRATION_URL || process.env.DATABASE_URL!);
    direct.pathname = database;
    direct.search = "";
    server = spawn(path.join(process.cwd(), "node_modules/.bin/tsx"), ["scripts/serve.ts"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        DATABASE_URL: `postgres://postgres@127.0.0.1:${PGB_PORT}${database}?prepare=false`,
        DATABASE_MIGRATION_URL: direct.toString(),
        PORT: String(APP_PORT),
        HOST: "127.0.0.1",
        APP_URL: APP,
        DEV_TOOLS: "0",
        TRUST_PROXY: "0",
        RUNNER_INTERVAL_MS: "2000",
        LOG_LEVEL: "info",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    server.stdout!.on("data", (chunk: Buffer) => (log += chunk.toString()));
    server.stderr!.on("data", (chunk: Buffer) => (log += chunk.toString()));
    await vi.waitFor(
      async () => {
        const status = (await fetch(`${APP}/readyz`).catch(() => undefined))?.status;
        if (status !== 200) throw new Error(`the server is not ready yet (${status ?? "not listening"})`);
      },
      { timeout: 120_000, interval: 250 },
    );
  }, 180_000);

  afterAll(async () => {
    if (server && server.exitCode === null) {
      server.kill("SIGTERM");
      await new Promise((resolve) => server!.once("exit", resolve));
    }
    if (dir) {
      pgbouncer("stop", dir);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("answers 2xx or 503 fast while it is gone, keeps health honest, and serves again within 10 s", async () => {
    const samples: Sample[] = [];
    const timed = async (kind: Sample["kind"], what: string, run: () => Promise<Response>) => {
      const started = now();
      const response = await run();
      const text = await response.text();
      const body = text ? (JSON.parse(text) as { id?: string; error?: { type?: string } }) : {};
      samples.push({ kind, what, started, ended: now(), status: response.status, type: body.error?.type, id: body.id });
    };
    const headers = { Authorization: `Bearer ${ws.sk}`, "Content-Type": "application/json" };
    const calls: [string, () => Promise<Response>][] = [
      ["GET /v1/services", () => fetch(`${APP}/v1/services`, { headers })],
      ["GET /v1/workspace", () => fetch(`${APP}/v1/workspace`, { headers })],
      [
        "POST /v1/services",
        () =>
          fetch(`${APP}/v1/services`, {
            method: "POST",
            headers: { ...headers, "Idempotency-Key": randomUUID() },
            body: JSON.stringify({ name: `Cut ${randomUUID().slice(0, 8)}`, duration_minutes: 30, payment_mode: "none" }),
          }),
      ],
    ];

    // Every route once first: a route's first answer loads its code, which is not what is measured.
    for (const [what, run] of calls) await timed("api", what, run);
    samples.length = 0;

    // A bounded load: four clients, each sending its next request a quarter second after the
    // last answer (about 16 requests a second while answers are fast), and a probe pair every 250 ms.
    let running = true;
    const paced = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const clients = Array.from({ length: 4 }, async (_, client) => {
      for (let n = client; running; n++) {
        const [what, run] = calls[n % calls.length]!;
        await timed("api", what, run);
        await paced(250);
      }
    });
    const probes = (async () => {
      while (running) {
        await Promise.all([timed("healthz", "/healthz", () => fetch(`${APP}/healthz`)), timed("readyz", "/readyz", () => fetch(`${APP}/readyz`))]);
        await paced(250);
      }
    })();

    await paced(3_000);
    const pid = readFileSync(path.join(dir, "pgbouncer.pid"), "utf8").trim();
    const stoppedAt = now();
    process.kill(Number(pid), "SIGSTOP");
    await paced(HANG_MS);
    process.kill(Number(pid), "SIGKILL");
    await paced(OUTAGE_MS - HANG_MS);
    // The pooler is back somewhere within its start: the outage ends, for every bound below, when the start begins.
    const backAt = now();
    await pgbouncerAsync("start", String(PGB_PORT), dir);
    // Load goes on until the app has served 10 s after the pooler's return.
    await paced(12_000);
    running = false;
    await Promise.all([...clients, probes]);

    const api = samples.filter((sample) => sample.kind === "api");
    const during = api.filter((sample) => sample.started >= stoppedAt && sample.started < backAt);
    const durations = during.map((sample) => sample.ended - sample.started).sort((a, b) => a - b);
    const p99 = durations[Math.min(durations.length - 1, Math.ceil(durations.length * 0.99) - 1)]!;
    const figures = {
      requests_during_outage: during.length,
      statuses_during_outage: during.reduce<Record<number, number>>((counts, sample) => ({ ...counts, [sample.status]: (counts[sample.status] ?? 0) + 1 }), {}),
      p99_ms: Math.round(p99),
      max_ms: Math.round(durations.at(-1)!),
      healthz_max_ms: Math.round(Math.max(...samples.filter((sample) => sample.kind === "healthz").map((sample) => sample.ended - sample.started))),
      readyz_max_ms: Math.round(Math.max(...samples.filter((sample) => sample.kind === "readyz").map((sample) => sample.ended - sample.started))),
      slow_healthz_at_ms: samples
        .filter((sample) => sample.kind === "healthz" && sample.ended - sample.started > 1_000)
        .map((sample) => Math.round(sample.started - stoppedAt)),
    };
    console.log("outage figures", JSON.stringify(figures));

    // Every answer is ours: 2xx, or 503 transient_failure in the envelope; fast while the database is gone.
    expect(during.length).toBeGreaterThan(60);
    for (const sample of api) {
      if (sample.status >= 200 && sample.status < 300) continue;
      expect({ what: sample.what, status: sample.status, type: sample.type }).toEqual({ what: sample.what, status: 503, type: "transient_failure" });
    }
    expect(p99).toBeLessThanOrEqual(3_000);
    expect(durations.at(-1)!).toBeLessThanOrEqual(5_000);
    expect(during.filter((sample) => sample.status === 503).length).toBeGreaterThan(during.length / 2);

    // Health: /healthz at once, always; /readyz 503 within 2 s while the pooler is gone.
    for (const sample of samples.filter((entry) => entry.kind === "healthz")) {
      expect(sample.status).toBe(200);
      expect(sample.ended - sample.started).toBeLessThanOrEqual(1_000);
    }
    const ready = samples.filter((sample) => sample.kind === "readyz");
    for (const sample of ready) expect(sample.ended - sample.started).toBeLessThanOrEqual(2_000);
    const readyDuring = ready.filter((sample) => sample.started >= stoppedAt && sample.ended < backAt);
    expect(readyDuring.length).toBeGreaterThan(30);
    for (const sample of readyDuring) expect(sample.status).toBe(503);

    // Recovery within 10 s of the pooler's return, with no restart, and no 5xx after it.
    const firstServed = api.find((sample) => sample.started >= backAt && sample.status < 300);
    expect(firstServed).toBeDefined();
    expect(firstServed!.ended - backAt).toBeLessThanOrEqual(10_000);
    const after = api.filter((sample) => sample.started >= firstServed!.ended);
    expect(after.length).toBeGreaterThan(10);
    expect(after.filter((sample) => sample.status >= 300)).toEqual([]);
    expect(ready.filter((sample) => sample.started >= firstServed!.ended).every((sample) => sample.status === 200)).toBe(true);
    expect(server!.exitCode).toBeNull();

    // Nothing acknowledged is lost: every service a 201 announced is there.
    const acknowledged = api.filter((sample) => sample.what === "POST /v1/services" && sample.status === 201).map((sample) => sample.id!);
    expect(acknowledged.length).toBeGreaterThan(5);
    for (const id of acknowledged) expect((await fetch(`${APP}/v1/services/${id}`, { headers })).status).toBe(200);

    // The operator sees it: the gate's lines, and every request's error line carries its request id.
    const lines = log
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { level: string; msg: string; event?: string; request_id?: string; job?: string });
    expect(lines.some((line) => line.event === "database_unreachable")).toBe(true);
    expect(lines.some((line) => line.event === "database_reachable")).toBe(true);
    // Cut off at its key check or later in its work: either way the line names the request.
    const requestErrors = lines.filter((line) => line.msg === "database unavailable" || line.msg === "authentication could not read the database");
    expect(requestErrors.length).toBeGreaterThan(0);
    for (const line of requestErrors) expect(line.request_id).toMatch(/^req_/);
    // Outside a request only the gate (its events) and the background runner (its job) write warnings or errors.
    const unnamed = lines.filter((line) => (line.level === "warn" || line.level === "error") && !line.request_id && !line.event && !line.job);
    expect(unnamed).toEqual([]);
  }, 120_000);
});
