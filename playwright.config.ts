import { defineConfig } from "@playwright/test";
import { E2E, E2E_WORKERS, READY_PORT } from "./e2e/support/env";
import { ONCE_SPECS } from "./e2e/support/once";

/** CI's second database pass leaves out what cannot differ from the first (e2e/support/once.ts). */
const SECOND_PASS = process.env.E2E_SECOND_PASS === "1";

/**
 * End-to-end tests in real Chromium (Debian's, never a downloaded browser) against
 * the `npm start` server on a fresh embedded database, plus a second local origin that hosts the
 * embed. Screenshots of every step land in e2e/artifacts (gitignored).
 */
const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-dev-shm-usage",
];

export default defineConfig({
  testDir: "./e2e",
  testIgnore: SECOND_PASS ? ONCE_SPECS.map((file) => `**/${file}`) : undefined,
  grepInvert: SECOND_PASS ? /@once/ : undefined,
  outputDir: "./e2e/artifacts/test-results",
  // Each worker has its own app server, database (and so its own dev clock) and host pages
  // (E2E_WORKER, e2e/support/env.ts); a spec file runs in one worker, its tests in order.
  workers: E2E_WORKERS,
  fullyParallel: false,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [["list"], ["json"]] : [["list"]],
  use: {
    baseURL: E2E.appUrl,
    browserName: "chromium",
    locale: "en-GB",
    timezoneId: "Europe/London",
    viewport: { width: 1280, height: 900 },
    // Recording a trace of every test cost about a sixth of the suite's time (brand and
    // languages-manage specs, one worker: 115 s with traces kept on failure, 97 s without), to
    // keep the few that fail. A failing test is replayed with one: `--trace on` (docs/operations.md#ci).
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS },
  },
  // Every worker's app server and host pages, started at once by one process (Playwright starts
  // the web servers it is given one after another); ready when they all answer.
  webServer: {
    command: "npx tsx e2e/support/serve-workers.ts",
    url: `http://127.0.0.1:${READY_PORT}/`,
    reuseExistingServer: false,
    // The first run builds the app.
    timeout: 600_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
