import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, openSync } from "node:fs";
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";
import postgres from "postgres";
import { E2E } from "./env";

/**
 * The world of the race specs (races*.spec.ts): two `next start` processes on one real PostgreSQL
 * database, one workspace open around the clock, and the figures every spec reports.
 */
const ADMIN_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
export const PORTS = E2E.racePorts;
/** Named after DATABASE_URL's own database when it names one (a shared server's naming rule), else booking_race_…. */
const RACE_PREFIX = ((name) => (name && name !== "postgres" ? `${name}_race` : "booking_race"))(new URL(ADMIN_URL).pathname.slice(1));
const newDatabaseName = () => `${RACE_PREFIX}_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
/** Each spec file races on a database of its own. */
let DATABASE = newDatabaseName();
const LOG_DIR = "e2e/artifacts/race-logs";
const APP_SECRET = "race-test-secret-race-test-secret-0123456789";

let servers: ChildProcess[] = [];
export let sql: postgres.Sql;
const databaseUrl = () => {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DATABASE}`;
  return url.toString();
};

function serverEnv(port: number): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: databaseUrl(),
    APP_SECRET,
    APP_URL: `http://127.0.0.1:${port}`,
    PORT: String(port),
    DEV_TOOLS: "1",
    RUNNER_INTERVAL_MS: "1000",
    NEXT_TELEMETRY_DISABLED: "1",
  };
}

async function waitUntilUp(port: number) {
  for (let attempt = 0; attempt < 240; attempt++) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/v1/openapi.json`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`instance on ${port} did not start`);
}

export type Answer = { status: number; body: any; headers: Headers };

export async function send(port: number, method: string, path: string, key: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(`http://127.0.0.1:${port}${path}`, {
    method,
    headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null, headers: response.headers };
}

export const statusCounts = (answers: Answer[]) =>
  answers.reduce<Record<number, number>>((counts, answer) => ({ ...counts, [answer.status]: (counts[answer.status] ?? 0) + 1 }), {});

export let sk = "";
export let serviceId = "";
export let staffId = "";
export let day = "";
export const figures = { requests: 0, fiveXx: 0, doubleBookings: 0 };

/**
 * Registers, in the calling spec, the two instances on a fresh database with one workspace (the
 * state exported above), and their teardown. Each spec file gets its own pair and database.
 */
export function useRaceWorld() {
  test.describe.configure({ mode: "serial", timeout: 600_000 });
  test.beforeAll(async () => {
    DATABASE = newDatabaseName();
    const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`CREATE DATABASE ${DATABASE}`);
    await admin.end();
    sql = postgres(databaseUrl(), { max: 2, onnotice: () => {} });

    // Both instances start together on the empty database: migrations take turns.
    // Each instance's log lines (JSON) go to a file beside the test results, to read when a race fails.
    mkdirSync(LOG_DIR, { recursive: true });
    servers = PORTS.map((port) =>
      spawn(process.execPath, ["node_modules/next/dist/bin/next", "start", "-p", String(port)], {
        env: serverEnv(port),
        stdio: ["ignore", openSync(`${LOG_DIR}/race-${DATABASE}-${port}.log`, "a"), "inherit"],
      }),
    );
    await Promise.all(PORTS.map(waitUntilUp));

    const created = spawnSync(
      process.execPath,
      ["--import", "tsx", "lib/cli/main.ts", "account", "create", "--name", "Race", "--plan", "pro", "--plan-step", "5"],
      {
        env: serverEnv(PORTS[0]!),
        encoding: "utf8",
      },
    );
    expect(created.status, created.stderr).toBe(0);
    const accountKey = JSON.parse(created.stdout).account_key as string;
    const workspace = await send(PORTS[0]!, "POST", "/v1/account/workspaces", accountKey, {
      name: "Race Studio",
      timezone: "UTC",
      slot_interval_minutes: 30,
      with_secret_key: true,
    });
    sk = workspace.body.secret_key;
    const staff = await send(PORTS[1]!, "GET", "/v1/staff", sk);
    staffId = staff.body.data[0].id;
    await send(PORTS[0]!, "PUT", `/v1/staff/${staffId}/working-hours`, sk, {
      working_hours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start_minute: 0, end_minute: 1440 })),
    });
    const service = await send(PORTS[1]!, "POST", "/v1/services", sk, { name: "Session", duration_minutes: 30, payment_mode: "none", max_advance_days: 365 });
    serviceId = service.body.id;
    await send(PORTS[0]!, "PUT", `/v1/services/${serviceId}/staff`, sk, { staff_ids: [staffId] });
    day = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  });

  test.afterAll(async () => {
    // Gone before the next spec file starts its own pair on the same ports.
    await Promise.all(
      servers.map((server) => new Promise((resolve) => (server.exitCode !== null ? resolve(null) : (server.once("exit", resolve), server.kill("SIGTERM"))))),
    );
    await sql?.end();
    const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
    await admin.unsafe(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
    await admin.end();
    console.info(`races: ${figures.requests} requests, ${figures.fiveXx} 5xx, ${figures.doubleBookings} double bookings`);
  });
}

export const slotAt = (index: number, dayIso = day) => new Date(Date.parse(`${dayIso}T08:00:00Z`) + index * 30 * 60_000).toISOString();

export function record(answers: Answer[]) {
  figures.requests += answers.length;
  const failed = answers.filter((answer) => answer.status >= 500);
  figures.fiveXx += failed.length;
  // What a 5xx said, once per distinct answer, beside the instances' own logs (LOG_DIR).
  for (const body of new Set(failed.map((answer) => JSON.stringify(answer.body)))) console.error(`race 5xx: ${body}`);
}

export async function liveBookingsPerSlot(): Promise<Map<string, number>> {
  const rows = await sql<{ starts_at: Date; n: number }[]>`
    select starts_at, count(*)::int as n from bookings
    where staff_id = ${staffId} and status in ('pending', 'awaiting_payment', 'confirmed', 'no_show')
    group by starts_at`;
  return new Map(rows.map((row) => [row.starts_at.toISOString(), row.n]));
}
