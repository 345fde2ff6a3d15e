import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { E2E } from "./env";

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

rmSync(E2E.dataDir, { recursive: true, force: true });
mkdirSync(E2E.dataDir, { recursive: true });

function createAccount(name: string, plan: string, step: string, file: string) {
  const created = spawnSync("npx", ["tsx", "lib/cli/main.ts", "account", "create", "--name", name, "--plan", plan, "--plan-step", step], {
    env,
    encoding: "utf8",
  });
  if (created.status !== 0) {
    console.error(created.stderr);
    process.exit(created.status ?? 1);
  }
  writeFileSync(file, created.stdout.trim().split("\n").pop()!);
}
createAccount("E2E account", "pro", "5", E2E.accountFile);
// The fuzz creates workspaces at random: on an account of its own, so it never eats the specs' cap.
createAccount("E2E fuzz account", "pro", "1", E2E.fuzzAccountFile);
createAccount("E2E headers account", "pro", "1", E2E.headersAccountFile);
createAccount("E2E journey account", "pro", "5", E2E.journeyAccountFile);
createAccount("E2E journey manage account", "pro", "5", E2E.journeyManageAccountFile);
createAccount("E2E journey embed account", "pro", "2", E2E.journeyEmbedAccountFile);
createAccount("E2E languages account", "pro", "1", E2E.languagesAccountFile);
createAccount("E2E languages flow account", "pro", "5", E2E.languagesFlowAccountFile);
createAccount("E2E languages manage account", "pro", "2", E2E.languagesManageAccountFile);
createAccount("E2E group sessions account", "pro", "1", E2E.groupSessionsAccountFile);
createAccount("E2E business notifications account", "pro", "1", E2E.businessNotificationsAccountFile);
createAccount("E2E brand account", "pro", "2", E2E.brandAccountFile);
createAccount("E2E flow holds account", "pro", "5", E2E.flowHoldsAccountFile);
createAccount("E2E reschedule account", "pro", "5", E2E.rescheduleAccountFile);
createAccount("E2E right-to-left account", "pro", "1", E2E.rtlAccountFile);
createAccount("E2E zone names account", "pro", "1", E2E.zoneNamesAccountFile);

const server = spawn("npx", ["tsx", "scripts/start.ts"], { env, stdio: "inherit" });
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
