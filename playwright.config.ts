import { defineConfig } from "@playwright/test";
import { E2E } from "./e2e/support/env";

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
  outputDir: "./e2e/artifacts/test-results",
  // One server, one embedded database, one clock: the specs run one at a time.
  workers: 1,
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
    trace: "retain-on-failure",
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS },
  },
  webServer: [
    {
      command: "npx tsx e2e/support/serve.ts",
      url: `${E2E.appUrl}/v1/openapi.json`,
      reuseExistingServer: false,
      // The first run builds the app.
      timeout: 600_000,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command: "node e2e/support/host-server.mjs",
      url: `${E2E.hostUrl}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
  ],
});
