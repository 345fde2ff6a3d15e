/**
 * The deployment of docs/deploy.md, run for real (CI runs it after the build; it needs
 * Debian's `pgbouncer` and `haproxy` and the local PostgreSQL): an empty database behind
 * PgBouncer in transaction mode, three `npm start` instances booting at once through it
 * (NODE_ENV=production, migrations on a direct URL), haproxy in front with the guide's own
 * configuration. Then, through haproxy: readiness, a booking race, forged client addresses,
 * the webhook URLs; SIGTERM to one instance under load; and every log line. Prints the
 * figures; exits non-zero on the first broken expectation.
 *
 *   npx tsx scripts/deploy/check.ts        (DEPLOY_PORT_BASE moves its ports; default 5400)
 *
 * The instances run from a production install of this tree (`npm ci --omit=dev` in a copy of
 * its files, then `npm start` builds there), as docs/deploy.md says to install;
 * DEPLOY_FROM_TREE=1 runs them from this tree instead (quicker, when that is not under test).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";

const BASE = Number(process.env.DEPLOY_PORT_BASE ?? 5400);
const PGBOUNCER_PORT = BASE;
const BALANCER_PORT = BASE + 1;
const INSTANCE_PORTS = [BASE + 2, BASE + 3, BASE + 4];
const ADMIN_URL = process.env.DEPLOY_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const DATABASE = `booking_deploy_${randomUUID().replaceAll("-", "").slice(0, 12)}`;
const WORK = path.join(os.tmpdir(), `booking-deploy-${process.pid}`);
const BALANCER = `http://127.0.0.1:${BALANCER_PORT}`;
const FROM_TREE = process.env.DEPLOY_FROM_TREE === "1";
/** DEPLOY_APP_DIR: a production install prepared beforehand (its files this tree's). */
const APP_DIR = process.env.DEPLOY_APP_DIR ?? (FROM_TREE ? process.cwd() : path.join(WORK, "app"));

const withDatabase = (url: string, name: string, search = "") => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  parsed.search = search;
  return parsed.toString();
};
const DIRECT_URL = withDatabase(ADMIN_URL, DATABASE);
const POOLED_URL = withDatabase(`postgres://postgres@127.0.0.1:${PGBOUNCER_PORT}/`, DATABASE, "?prepare=false");

const figures: Record<string, unknown> = {};
const children: ChildProcess[] = [];
let failed = false;

function check(condition: unknown, what: string): asserts condition {
  if (!condition) throw new Error(`deploy check failed: ${what}`);
  console.log(`  ok  ${what}`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Answer = { status: number; body: any; headers: Headers };

async function send(
  base: string,
  method: string,
  urlPath: string,
  options: { key?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const response = await fetch(`${base}${urlPath}`, {
    method,
    headers: {
      ...(options.key ? { Authorization: `Bearer ${options.key}` } : {}),
      ...(options.body === undefined ? {} : { "Content-Type": "application/json" }),
      ...options.headers,
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON
  }
  return { status: response.status, body, headers: response.headers };
}

/** `send`, with a request that got no answer at all (reset, refused) as status 0 and the network error as its body. */
function sendOrReset(...args: Parameters<typeof send>): Promise<Answer> {
  return send(...args).catch((error: Error) => ({ status: 0, body: String(error.cause ?? error), headers: new Headers() }));
}

async function waitFor(what: string, probe: () => Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe().catch(() => false)) return;
    await sleep(250);
  }
  throw new Error(`deploy check failed: ${what} (not within ${timeoutMs / 1000} s)`);
}

/** The code block of a language in docs/deploy.md: the guide is what is tested. */
function guideBlock(language: string): string {
  const guide = readFileSync("docs/deploy.md", "utf8");
  const match = new RegExp("```" + language + "\\n([\\s\\S]*?)```").exec(guide);
  if (!match) throw new Error(`docs/deploy.md has no ${language} block`);
  return match[1] ?? "";
}

const instanceEnv = (port: number): NodeJS.ProcessEnv => ({
  ...process.env,
  NODE_ENV: "production",
  DATABASE_URL: POOLED_URL,
  DATABASE_MIGRATION_URL: DIRECT_URL,
  APP_SECRET: "deploy-check-secret-deploy-check-secret-0123",
  APP_URL: BALANCER,
  PORT: String(port),
  TRUST_PROXY: "1",
  RUNNER_INTERVAL_MS: "1000",
  LOG_LEVEL: "info",
  STRIPE_SECRET_KEY: "sk_test_deploycheck",
  STRIPE_WEBHOOK_SECRET: "whsec_deploycheck",
  NEXT_TELEMETRY_DISABLED: "1",
  DEV_TOOLS: "",
  SEED_DEMO: "",
  DATA_DIR: path.join(WORK, `no-such-folder-${port}`),
});

type Instance = { port: number; process: ChildProcess; log: string; exit: Promise<number | null> };

function startInstance(port: number): Instance {
  const log = path.join(WORK, `instance-${port}.log`);
  // `npm start` exactly as a container runs it.
  const child = spawn("npm", ["start", "--silent"], { cwd: APP_DIR, env: instanceEnv(port), stdio: ["ignore", "pipe", "pipe"] });
  children.push(child);
  const chunks: Buffer[] = [];
  child.stdout?.on("data", (chunk: Buffer) => chunks.push(chunk));
  child.stderr?.on("data", (chunk: Buffer) => chunks.push(chunk));
  const exit = new Promise<number | null>((resolve) =>
    child.on("exit", (code) => {
      writeFileSync(log, Buffer.concat(chunks));
      resolve(code);
    }),
  );
  const instance = { port, process: child, log, exit };
  Object.defineProperty(instance, "output", { get: () => Buffer.concat(chunks).toString("utf8") });
  return instance;
}
const outputOf = (instance: Instance) => (instance as unknown as { output: string }).output;

async function main() {
  mkdirSync(WORK, { recursive: true });
  console.log(`deploy check: database ${DATABASE}, PgBouncer :${PGBOUNCER_PORT}, haproxy :${BALANCER_PORT}, instances ${INSTANCE_PORTS.join(", ")}`);
  if (!FROM_TREE && !process.env.DEPLOY_APP_DIR) {
    // The tree's files (tracked and new, not ignored), installed as production installs them.
    const files = spawnSync("git", ["ls-files", "-co", "--exclude-standard"], { encoding: "utf8" }).stdout.split("\n").filter(Boolean);
    mkdirSync(APP_DIR, { recursive: true });
    const copy = spawnSync("tar", ["-cf", "-", ...files], { maxBuffer: 1 << 30 });
    spawnSync("tar", ["-xf", "-", "-C", APP_DIR], { input: copy.stdout, maxBuffer: 1 << 30 });
    // As .ci/run does: when the registry mirror makes `npm ci` refuse the lock file, `npm install` installs the same locked versions.
    const npm = (command: string) =>
      spawnSync("npm", [command, "--omit=dev", "--no-audit", "--no-fund"], { cwd: APP_DIR, stdio: ["ignore", "ignore", "inherit"] });
    let install = npm("ci");
    if (install.status !== 0) install = npm("install");
    check(install.status === 0, "npm ci --omit=dev installs (its postinstall applies the patches)");
  }
  if (!FROM_TREE) check(!existsSync(path.join(APP_DIR, "node_modules", "vitest")), "a production install: no devDependency is installed");
  const build = spawnSync(process.execPath, ["scripts/start.mjs", "--build-only"], {
    cwd: APP_DIR,
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  check(build.status === 0, "the app builds from that install");

  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${DATABASE}`);
  await admin.end();
  const sql = postgres(DIRECT_URL, { max: 2, onnotice: () => {} });

  const bouncer = spawnSync("scripts/deploy/pgbouncer.sh", ["start", String(PGBOUNCER_PORT), path.join(WORK, "pgbouncer")], { stdio: "inherit" });
  check(bouncer.status === 0, "PgBouncer runs in transaction mode");

  const haproxyConfig = guideBlock("haproxy")
    .replace("127.0.0.1:8080", `127.0.0.1:${BALANCER_PORT}`)
    .replace("127.0.0.1:3001", `127.0.0.1:${INSTANCE_PORTS[0]}`)
    .replace("127.0.0.1:3002", `127.0.0.1:${INSTANCE_PORTS[1]}`)
    .replace("127.0.0.1:3003", `127.0.0.1:${INSTANCE_PORTS[2]}`)
    .replace("/etc/haproxy/errors/booking-503.http", path.resolve("scripts/deploy/booking-503.http"));
  writeFileSync(path.join(WORK, "haproxy.cfg"), haproxyConfig);
  const haproxy = spawn("haproxy", ["-db", "-f", path.join(WORK, "haproxy.cfg")], { stdio: ["ignore", "ignore", "inherit"] });
  children.push(haproxy);

  // 1. Three instances boot at once on the empty database, through the pooler.
  const started = Date.now();
  const instances = INSTANCE_PORTS.map(startInstance);
  await waitFor(
    "all three instances ready",
    async () => (await Promise.all(INSTANCE_PORTS.map((port) => send(`http://127.0.0.1:${port}`, "GET", "/readyz")))).every((a) => a.status === 200),
    240_000,
  );
  figures.boot_seconds = Math.round((Date.now() - started) / 100) / 10;
  const exited = await Promise.race([Promise.any(instances.map((instance) => instance.exit)), sleep(100).then(() => "running")]);
  check(exited === "running", "no instance exited while booting together");
  const migrationFiles = readdirSync(path.join(APP_DIR, "drizzle")).filter((file) => file.endsWith(".sql")).length;
  const [applied] = await sql<{ n: number; d: number }[]>`select count(*)::int as n, count(distinct hash)::int as d from drizzle.__drizzle_migrations`;
  check(applied?.n === migrationFiles && applied.d === migrationFiles, `each of the ${migrationFiles} migrations applied once`);
  const [demo] = await sql<{ n: number }[]>`select count(*)::int as n from workspaces`;
  check(demo?.n === 0, "production seeds nothing (no demo workspace)");
  await waitFor("haproxy sees the instances ready (its /readyz checks)", async () => (await send(BALANCER, "GET", "/readyz")).status === 200, 30_000);
  const health = await send(BALANCER, "GET", "/healthz");
  check(health.status === 200 && health.body.status === "ok", `GET /healthz through the balancer (${health.status})`);
  check(
    instances.some((instance) => outputOf(instance).includes(BALANCER)),
    "the start log names the configured APP_URL",
  );

  // 2. An account and a workspace, through the balancer.
  const cli = spawnSync(
    process.execPath,
    ["--import", "tsx", "lib/cli/main.ts", "account", "create", "--name", "Deploy", "--plan", "pro", "--plan-step", "5"],
    {
      cwd: APP_DIR,
      env: instanceEnv(BASE + 2),
      encoding: "utf8",
    },
  );
  check(cli.status === 0, `the CLI works through the pooler ${cli.stderr.slice(0, 300)}`);
  const accountKey = JSON.parse(cli.stdout.trim().split("\n").pop() ?? "{}").account_key as string;
  const workspace = await send(BALANCER, "POST", "/v1/account/workspaces", {
    key: accountKey,
    body: { name: "Deploy Studio", timezone: "UTC", slot_interval_minutes: 30, with_secret_key: true },
  });
  check(workspace.status === 201, "a workspace is created through the balancer");
  const sk = workspace.body.secret_key as string;
  const staffId = (await send(BALANCER, "GET", "/v1/staff", { key: sk })).body.data[0].id as string;
  await send(BALANCER, "PUT", `/v1/staff/${staffId}/working-hours`, {
    key: sk,
    body: { working_hours: [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start_minute: 0, end_minute: 1440 })) },
  });
  const service = await send(BALANCER, "POST", "/v1/services", {
    key: sk,
    body: { name: "Session", duration_minutes: 30, payment_mode: "none", max_advance_days: 365 },
  });
  await send(BALANCER, "PUT", `/v1/services/${service.body.id}/staff`, { key: sk, body: { staff_ids: [staffId] } });
  const day = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const slotAt = (index: number) => new Date(Date.parse(`${day}T08:00:00Z`) + index * 30 * 60_000).toISOString();
  // The one compression rule is the balancer's (docs/deploy.md): an availability answer comes
  // gzipped through it, with its tag made weak, and asked again with that tag it is a 304.
  const availabilityPath = `/v1/availability?${new URLSearchParams({ service_id: service.body.id, from: `${day}T00:00:00Z`, to: `${day}T23:59:59Z` })}`;
  const compressed = await send(BALANCER, "GET", availabilityPath, { key: sk, headers: { "Accept-Encoding": "gzip" } });
  const tag = compressed.headers.get("etag") ?? "";
  check(
    compressed.status === 200 && compressed.headers.get("content-encoding") === "gzip",
    `availability gzipped by the balancer (${compressed.headers.get("content-encoding")})`,
  );
  const notModified = await send(BALANCER, "GET", availabilityPath, { key: sk, headers: { "Accept-Encoding": "gzip", "If-None-Match": tag } });
  check(tag !== "" && notModified.status === 304, `availability asked again with its tag ${tag} is a 304 (${notModified.status})`);

  // 3. The race, through haproxy and PgBouncer: 400 creates on 10 slots at once.
  const creates = await Promise.all(
    Array.from({ length: 400 }, (_, i) =>
      send(BALANCER, "POST", "/v1/bookings", {
        key: sk,
        body: {
          service_id: service.body.id,
          staff_id: staffId,
          starts_at: slotAt(i % 10),
          customer: { name: `Racer ${i}`, email: `racer${i}@example.com`, phone: "+12125550123" },
        },
      }),
    ),
  );
  const statuses = creates.reduce<Record<number, number>>((counts, a) => ({ ...counts, [a.status]: (counts[a.status] ?? 0) + 1 }), {});
  const perSlot = await sql<
    { n: number }[]
  >`select count(*)::int as n from bookings where staff_id = ${staffId} and status in ('pending','awaiting_payment','confirmed') group by starts_at`;
  figures.race = {
    requests: creates.length,
    statuses,
    five_xx: creates.filter((a) => a.status >= 500).length,
    double_bookings: perSlot.reduce((sum, row) => sum + row.n - 1, 0),
  };
  check(statuses[201] === 10 && statuses[409] === 390, `400 creates on 10 slots: one 201 per slot, 390 × 409 (${JSON.stringify(statuses)})`);
  check(perSlot.length === 10 && perSlot.every((row) => row.n === 1), "0 double bookings");

  // After the burst, haproxy may still be counting an instance back up (rise 2).
  await waitFor("haproxy sees the instances ready again after the race", async () => (await send(BALANCER, "GET", "/readyz")).status === 200, 30_000);

  // 4. A client cannot choose its rate-limit bucket: haproxy appends, TRUST_PROXY=1 reads only that.
  const second = new Date().getUTCSeconds();
  if (second > 45) await sleep((62 - second) * 1000);
  const slug = workspace.body.workspace?.slug ?? (await send(BALANCER, "GET", "/v1/workspace", { key: sk })).body.slug;
  const forged = await Promise.all(
    Array.from({ length: 35 }, (_, i) => send(BALANCER, "GET", `/v1/public/workspaces/${slug}`, { headers: { "X-Forwarded-For": `100.64.${i}.1` } })),
  );
  const forgedStatuses = forged.reduce<Record<number, number>>((counts, a) => ({ ...counts, [a.status]: (counts[a.status] ?? 0) + 1 }), {});
  figures.forged_client_addresses = forgedStatuses;
  check(
    forgedStatuses[200] === 30 && forgedStatuses[429] === 5,
    `35 public reads with 35 forged X-Forwarded-For: 30 × 200, 5 × 429 (${JSON.stringify(forgedStatuses)})`,
  );

  // 5. The webhook URLs answer through the balancer.
  const stripe = await send(BALANCER, "POST", "/api/stripe/webhook", { body: { id: "evt_x" }, headers: { "Stripe-Signature": "t=1,v1=bad" } });
  check(
    stripe.status === 401 && stripe.body?.error?.type === "unauthorized",
    `POST /api/stripe/webhook reaches the app (unsigned: ${stripe.status} ${stripe.body?.error?.type})`,
  );
  const inngest = await send(BALANCER, "GET", "/api/inngest");
  check(
    inngest.status === 404 && inngest.headers.get("content-type")?.includes("json"),
    "GET /api/inngest reaches the app (404 JSON: Inngest is not configured here)",
  );

  // 6. SIGTERM under load: every request in flight is answered, the instance exits 0, no orphan.
  const [, , victim] = instances;
  if (!victim) throw new Error("deploy check failed: no third instance");
  const direct = `http://127.0.0.1:${victim.port}`;
  const childPids = spawnSync("pgrep", ["-P", String(victim.process.pid)], { encoding: "utf8" })
    .stdout.trim()
    .split("\n")
    .filter(Boolean);
  const load = Array.from({ length: 200 }, () => sendOrReset(direct, "GET", "/v1/services", { key: sk }));
  await sleep(300);
  const signalledAt = Date.now();
  victim.process.kill("SIGTERM");
  const answers = await Promise.all(load);
  const code = await victim.exit;
  figures.sigterm = {
    in_flight: answers.length,
    answered_200: answers.filter((a) => a.status === 200).length,
    resets: answers.filter((a) => a.status === 0).length,
    exit_code: code,
    exit_seconds: Math.round((Date.now() - signalledAt) / 100) / 10,
  };
  check(
    answers.every((a) => a.status === 200),
    `SIGTERM at 300 ms with 200 reads in flight: all answered 200 (${JSON.stringify(figures.sigterm)})`,
  );
  check(code === 0, "the instance exits 0");
  const orphans = childPids.filter((pid) => spawnSync("kill", ["-0", pid]).status === 0);
  check(orphans.length === 0, "npm start leaves no orphaned server process");
  const afterwards = await Promise.all(Array.from({ length: 30 }, () => sendOrReset(BALANCER, "GET", "/v1/services", { key: sk })));
  const failures = afterwards.filter((a) => a.status !== 200).map((a) => `${a.status} ${typeof a.body === "string" ? a.body : JSON.stringify(a.body)}`);
  check(
    failures.length === 0,
    `the balancer keeps answering from the other two${failures.length ? ` (${failures.length} of 30 not 200; first: ${failures[0]})` : ""}`,
  );

  // 7. The logs: JSON lines only, one per request, nothing personal or secret.
  for (const instance of instances.slice(0, 2)) instance.process.kill("SIGTERM");
  await Promise.all(instances.map((instance) => instance.exit));
  const lines = instances.flatMap((instance) => readFileSync(instance.log, "utf8").split("\n").filter(Boolean));
  const notJson = lines.filter((line) => {
    try {
      JSON.parse(line);
      return false;
    } catch {
      return true;
    }
  });
  check(notJson.length === 0, `every log line is JSON (${lines.length} lines${notJson.length ? `; first other: ${(notJson[0] ?? "").slice(0, 200)}` : ""})`);
  const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
  const requestLines = entries.filter((entry) => entry.msg === "request");
  const bookingLines = requestLines.filter((entry) => entry.route === "/v1/bookings" && entry.method === "POST");
  figures.log = { lines: lines.length, request_lines: requestLines.length, booking_create_lines: bookingLines.length };
  check(bookingLines.length === 400, "one request line per booking create");
  check(
    bookingLines.every(
      (entry) =>
        typeof entry.time === "string" &&
        typeof entry.status === "number" &&
        typeof entry.duration_ms === "number" &&
        String(entry.request_id).startsWith("req_") &&
        typeof entry.workspace_id === "string",
    ),
    "each request line has time, status, duration, request id and workspace id",
  );
  const text = lines.join("\n");
  check(!/@example\.com|555.?0123|sk_[A-Za-z0-9]{20}|ak_[A-Za-z0-9]{20}|Racer \d/.test(text), "no email, phone number, key or customer name in the logs");
  check(!entries.some((entry) => entry.route === "/healthz" || entry.route === "/readyz"), "health probes are not logged at info");

  await sql.end();
}

async function cleanUp() {
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  await sleep(1500);
  spawnSync("scripts/deploy/pgbouncer.sh", ["stop", path.join(WORK, "pgbouncer")]);
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`DROP DATABASE IF EXISTS ${DATABASE} WITH (FORCE)`).catch(() => {});
  await admin.end();
  if (!failed) rmSync(WORK, { recursive: true, force: true });
}

try {
  await main();
} catch (error) {
  failed = true;
  console.error(error instanceof Error ? error.message : error);
} finally {
  await cleanUp();
  console.log(`deploy check figures: ${JSON.stringify(figures)}`);
  console.log(failed ? "deploy check: FAILED" : "deploy check: passed");
  process.exit(failed ? 1 : 0);
}
