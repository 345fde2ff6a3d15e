import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import type { AccountToCreate } from "./create-accounts";
import postgres from "postgres";
import { E2E, WORKER } from "./env";

/**
 * The app as `npm start` runs it (build when needed, migrate, serve), with
 * dev tools on and no Stripe (so payments use the test-mode processor), after creating the
 * accounts the specs make their workspaces with. The database is a fresh embedded one, unless
 * DATABASE_URL is set (CI's second pass points it at a fresh PostgreSQL database), so the
 * browser tests prove both drivers like the rest of the suite.
 */
const env: NodeJS.ProcessEnv = {
  ...process.env,
  DATA_DIR: E2E.dataDir,
  PORT: String(E2E.appPort),
  APP_URL: E2E.appUrl,
  DEV_TOOLS: "1",
  // The landing page's demo link is followed (docs.spec); on PostgreSQL (production) only when asked.
  SEED_DEMO: "1",
  // The specs play the one proxy in front (docs/deploy.md): each test picks its client IP with
  // X-Forwarded-For, so one test's per-IP rate limits never spill into the next.
  TRUST_PROXY: "1",
  NEXT_TELEMETRY_DISABLED: "1",
  STRIPE_SUPPRESS_NOTICES: "true",
  // Required with PostgreSQL; the embedded default generates its own.
  APP_SECRET: process.env.APP_SECRET ?? "e2e-secret-e2e-secret-e2e-secret-0123",
};
for (const name of [
  "STRIPE_SECRET_KEY",
  "STRIPE_WEBHOOK_SECRET",
  "STRIPE_PUBLISHABLE_KEY",
  "SMTP_URL",
  "INNGEST_DEV",
  "INNGEST_BASE_URL",
  "INNGEST_EVENT_KEY",
  "INNGEST_SIGNING_KEY",
]) {
  delete env[name];
}

/**
 * On PostgreSQL every worker after the first serves a fresh database of its own, named after
 * DATABASE_URL's (`<name>_e2e_w<n>`): the dev clock, the accounts and the demo are per server.
 */
async function freshWorkerDatabase(worker: number): Promise<void> {
  const admin = env.DATABASE_URL!;
  const name = `${new URL(admin).pathname.slice(1).replace(/\W/g, "_") || "booking"}_e2e_w${worker}`;
  const sql = postgres(env.DATABASE_MIGRATION_URL ?? admin, { max: 1, onnotice: () => {} });
  await sql.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await sql.unsafe(`CREATE DATABASE ${name}`);
  await sql.end();
  for (const key of ["DATABASE_URL", "DATABASE_MIGRATION_URL"]) {
    if (!env[key]) continue;
    const url = new URL(env[key]);
    url.pathname = `/${name}`;
    env[key] = url.toString();
  }
}
if (env.DATABASE_URL && WORKER > 0) await freshWorkerDatabase(WORKER);

rmSync(E2E.dataDir, { recursive: true, force: true });
mkdirSync(E2E.dataDir, { recursive: true });

// One account per spec that needs its own (the shared one reaches its workspace cap), all
// created in one process (./create-accounts.ts) before the server starts.
const ACCOUNTS: AccountToCreate[] = [
  { name: "E2E account", plan: "pro", planStep: 5, file: E2E.accountFile },
  // The fuzz creates workspaces at random: on an account of its own, so it never eats the specs' cap.
  { name: "E2E fuzz account", plan: "pro", planStep: 1, file: E2E.fuzzAccountFile },
  { name: "E2E headers account", plan: "pro", planStep: 1, file: E2E.headersAccountFile },
  { name: "E2E journey account", plan: "pro", planStep: 5, file: E2E.journeyAccountFile },
  { name: "E2E journey manage account", plan: "pro", planStep: 5, file: E2E.journeyManageAccountFile },
  { name: "E2E journey embed account", plan: "pro", planStep: 2, file: E2E.journeyEmbedAccountFile },
  { name: "E2E languages account", plan: "pro", planStep: 1, file: E2E.languagesAccountFile },
  { name: "E2E languages flow account", plan: "pro", planStep: 5, file: E2E.languagesFlowAccountFile },
  { name: "E2E languages manage account", plan: "pro", planStep: 2, file: E2E.languagesManageAccountFile },
  { name: "E2E group sessions account", plan: "pro", planStep: 1, file: E2E.groupSessionsAccountFile },
  { name: "E2E series account", plan: "pro", planStep: 1, file: E2E.seriesAccountFile },
  { name: "E2E business notifications account", plan: "pro", planStep: 1, file: E2E.businessNotificationsAccountFile },
  { name: "E2E brand account", plan: "pro", planStep: 3, file: E2E.brandAccountFile },
  { name: "E2E flow holds account", plan: "pro", planStep: 5, file: E2E.flowHoldsAccountFile },
  { name: "E2E reschedule account", plan: "pro", planStep: 5, file: E2E.rescheduleAccountFile },
  { name: "E2E right-to-left account", plan: "pro", planStep: 1, file: E2E.rtlAccountFile },
  { name: "E2E zone names account", plan: "pro", planStep: 1, file: E2E.zoneNamesAccountFile },
  { name: "E2E console account", plan: "pro", planStep: 1, file: E2E.consoleAccountFile },
  { name: "E2E console other account", plan: "pro", planStep: 1, file: E2E.consoleOtherAccountFile },
  { name: "E2E console settings account", plan: "pro", planStep: 1, file: E2E.consoleSettingsAccountFile },
  { name: "E2E console setup account", plan: "pro", planStep: 1, file: E2E.consoleSetupAccountFile },
];
const created = spawnSync("npx", ["tsx", "e2e/support/create-accounts.ts", JSON.stringify(ACCOUNTS)], { env, encoding: "utf8" });
if (created.status !== 0) {
  console.error(created.stderr);
  process.exit(created.status ?? 1);
}

const server = spawn("npx", ["tsx", "scripts/start.ts"], { env, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
