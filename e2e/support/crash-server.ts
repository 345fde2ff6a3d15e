import { spawn, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import path from "node:path";
import { expect } from "@playwright/test";
import postgres from "postgres";
import { E2E } from "./env";

/**
 * The crash spec's server (e2e/crash.spec.ts): one `npm start` process (scripts/start.mjs) on
 * its own port, data folder and database, started, killed with SIGKILL and started again.
 */
export const CRASH_BASE_URL = `http://127.0.0.1:${E2E.crashPort}`;
export const CRASH_DATA_DIR = path.resolve(".data-e2e-crash");
const ADMIN_URL = process.env.DATABASE_URL;
/** Named after the admin URL's database (`<name>_crash_<random>`), so runs sharing one server keep to their own names. */
const ADMIN_DATABASE = ADMIN_URL ? new URL(ADMIN_URL).pathname.slice(1).replace(/\W/g, "_") : "";
const DATABASE = `${ADMIN_DATABASE || "booking"}_crash_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
const APP_SECRET = "crash-test-secret-crash-test-secret-0123456789";

export const crashDriver = ADMIN_URL ? "PostgreSQL" : "embedded";

export type Answer = { status: number; body: any };

const databaseUrl = () => {
  const url = new URL(ADMIN_URL!);
  url.pathname = `/${DATABASE}`;
  return url.toString();
};

/** A fresh PostgreSQL database for the run when DATABASE_URL is set (the embedded one lives in CRASH_DATA_DIR). */
export async function createCrashDatabase(): Promise<void> {
  if (!ADMIN_URL) return;
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${DATABASE}`);
  await admin.end();
}

export async function dropCrashDatabase(): Promise<void> {
  if (!ADMIN_URL) return;
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`);
  await admin.end();
}

/** The server's settings; email goes through Resend's API (a local stand-in) at `resend`. */
export function crashServerEnv(resend: { baseUrl: string; apiKey: string }): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    APP_SECRET,
    APP_URL: CRASH_BASE_URL,
    PORT: String(E2E.crashPort),
    DEV_TOOLS: "1",
    RUNNER_INTERVAL_MS: "200",
    RESEND_API_KEY: resend.apiKey,
    RESEND_BASE_URL: resend.baseUrl,
    SMTP_FROM: "Bookings <bookings@crash.test>",
    NEXT_TELEMETRY_DISABLED: "1",
  };
  for (const name of [
    "SMTP_URL",
    "STRIPE_SECRET_KEY",
    "STRIPE_WEBHOOK_SECRET",
    "STRIPE_PUBLISHABLE_KEY",
    "INNGEST_DEV",
    "INNGEST_BASE_URL",
    "INNGEST_EVENT_KEY",
    "INNGEST_SIGNING_KEY",
  ]) {
    delete env[name];
  }
  // The embedded database and the demo keys live here.
  env.DATA_DIR = CRASH_DATA_DIR;
  if (ADMIN_URL) env.DATABASE_URL = databaseUrl();
  else delete env.DATABASE_URL;
  return env;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * How long a start probe and a request wait for an answer. Node's fetch has no overall limit (its
 * headers wait up to 300 s), so a request the server never answers would hold the spec until its
 * own time-out; past these it counts as unanswered and is sent again, with its key.
 */
const PROBE_TIMEOUT_MS = 5_000;
const REQUEST_TIMEOUT_MS = 60_000;

/** The one server process; `start` waits until it answers, `stop` until it has exited. */
export function crashServer(env: () => NodeJS.ProcessEnv) {
  let server: ChildProcess | undefined;
  return {
    async start(): Promise<void> {
      const child = spawn(process.execPath, ["scripts/start.mjs"], { env: env(), stdio: ["ignore", "ignore", "inherit"] });
      server = child;
      // Never left behind, however this run ends (one listener per live server, not one per start).
      const leave = () => child.kill("SIGKILL");
      process.once("exit", leave);
      child.once("exit", () => process.off("exit", leave));
      for (let attempt = 0; attempt < 600; attempt++) {
        if (!this.running()) throw new Error(`the server exited (${child.exitCode ?? child.signalCode}) while starting`);
        try {
          if ((await fetch(`${CRASH_BASE_URL}/v1/openapi.json`, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) })).ok) return;
        } catch {
          // not listening yet, or no answer within the probe's time
        }
        await sleep(100);
      }
      throw new Error("the server did not start");
    },
    /** Whether the last process started is still running (one that stopped by itself answers nothing ever again). */
    running(): boolean {
      return server !== undefined && server.exitCode === null && server.signalCode === null;
    },
    /** Resolves with how the process ended (its exit code, or the signal that ended it); undefined when none was running. */
    async stop(signal: "SIGKILL" | "SIGTERM"): Promise<number | NodeJS.Signals | undefined> {
      const child = server;
      if (!child || child.exitCode !== null || child.signalCode !== null) return undefined;
      const exited = new Promise<number | NodeJS.Signals>((resolve) => child.once("exit", (code, ended) => resolve(code ?? ended!)));
      child.kill(signal);
      return exited;
    },
  };
}

/** One request; undefined when no answer came (the server died under it, or was down). */
export async function send(method: string, pathname: string, key: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer | undefined> {
  try {
    const response = await fetch(`${CRASH_BASE_URL}${pathname}`, {
      method,
      headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json", ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : null };
  } catch {
    return undefined;
  }
}

export async function must(method: string, pathname: string, key: string, body?: unknown): Promise<any> {
  const answer = await send(method, pathname, key, body);
  expect(answer?.status, JSON.stringify(answer?.body)).toBeLessThan(300);
  return answer!.body;
}

export type CrashState = {
  bookings: { id: string; status: string; email: string }[];
  messages: {
    id: string;
    booking_id: string;
    status: string;
    attempts: number;
    claimed_by: string | null;
    claim_expires_at: string | null;
    next_attempt_at: string | null;
    last_error: string | null;
  }[];
  deliveries: { id: string; booking_id: string; status: string }[];
};

const STATE_QUERIES = {
  bookings: "select b.id::text as id, b.status, c.email from bookings b join customers c on c.id = b.customer_id",
  messages:
    "select id::text as id, booking_id::text as booking_id, status, attempts, claimed_by::text as claimed_by, claim_expires_at::text as claim_expires_at, next_attempt_at::text as next_attempt_at, last_error from outbox_messages where channel = 'email'",
  deliveries: "select id::text as id, payload->'data'->'booking'->>'id' as booking_id, status from webhook_deliveries",
};

/** Every booking, email row and webhook delivery, read straight from the database once the server is down. */
export async function readCrashState(): Promise<CrashState> {
  if (ADMIN_URL) {
    const client = postgres(databaseUrl(), { max: 1, onnotice: () => {} });
    const state = {
      bookings: await client.unsafe(STATE_QUERIES.bookings),
      messages: await client.unsafe(STATE_QUERIES.messages),
      deliveries: await client.unsafe(STATE_QUERIES.deliveries),
    };
    await client.end();
    return state as unknown as CrashState;
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const { btree_gist } = await import("@electric-sql/pglite/contrib/btree_gist");
  const client = new PGlite({ dataDir: path.join(CRASH_DATA_DIR, "pglite"), extensions: { btree_gist } });
  await client.waitReady;
  const state = {
    bookings: (await client.query(STATE_QUERIES.bookings)).rows,
    messages: (await client.query(STATE_QUERIES.messages)).rows,
    deliveries: (await client.query(STATE_QUERIES.deliveries)).rows,
  };
  await client.close();
  return state as unknown as CrashState;
}

/**
 * What happened when (kills, starts, the clock moved), so a failure can say where each copy
 * of a duplicated email fell: "+12ms after kill 3" points at the acceptance window, a copy
 * after "clock +600s" at a claim taken over while its send was still under way.
 */
export function crashTimeline() {
  const events: { at: number; what: string }[] = [];
  return {
    mark(what: string) {
      events.push({ at: Date.now(), what });
    },
    /** "+340ms after start 4 (−1210ms before kill 4)". */
    place(at: number): string {
      const before = events.filter((event) => event.at <= at).pop();
      const after = events.find((event) => event.at > at);
      const since = before ? `+${at - before.at}ms after ${before.what}` : "before everything";
      return after ? `${since} (${after.at - at}ms before ${after.what})` : since;
    },
  };
}
