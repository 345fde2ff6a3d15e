import path from "node:path";
import { defineConfig } from "vitest/config";

const TEST_FILES = ["lib/**/*.test.ts", "tests/**/*.test.ts"];
const NOT_TESTS = ["e2e/**", "node_modules/**"];
/** The files that replace a module with vi.mock: a shared module would keep the real one for them, or the mock for the others. */
const MOCKING_FILES = ["lib/webhooks/post-webhook.test.ts", "tests/api/bookings-plan-cap.test.ts"];

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    globalSetup: ["tests/helpers/global-setup.ts"],
    setupFiles: ["tests/helpers/setup-file.ts"],
    // CI reads the totals from a JSON report (vitest's own summary line is not a format CI reads).
    reporters: process.env.VITEST_JSON_FILE ? ["default", "json"] : ["default"],
    outputFile: process.env.VITEST_JSON_FILE ? { json: process.env.VITEST_JSON_FILE } : undefined,
    pool: "threads",
    // Three files at a time on two cores: a file waiting on a real time-out (a feed cut at 15 s, a
    // webhook at 10 s) leaves its core to the third. Measured on this two-core machine: the whole
    // suite 247 s with two, 205 s with three (docs/operations.md#ci).
    maxWorkers: 3,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: {
      NEXT_TELEMETRY_DISABLED: "1",
      DEV_TOOLS: "1",
      APP_SECRET: "test-secret-test-secret-test-secret-0123",
      APP_URL: "http://localhost:3000",
      RUNNER_INTERVAL_MS: "0",
      // The test harness plays the one proxy in front: a test picks its client IP with X-Forwarded-For.
      TRUST_PROXY: "1",
      STRIPE_SUPPRESS_NOTICES: "true",
    },
    // A worker loads the app's modules once for all the files it runs (isolate: false): loading
    // them again for each of 150 files was a third of the suite's time (docs/operations.md#ci).
    // Each file still gets a database of its own (tests/helpers/setup-file.ts). A file that
    // replaces a module (vi.mock) runs with modules of its own.
    projects: [
      { extends: true, test: { name: "shared-modules", include: TEST_FILES, exclude: [...NOT_TESTS, ...MOCKING_FILES], isolate: false } },
      { extends: true, test: { name: "own-modules", include: MOCKING_FILES, exclude: NOT_TESTS } },
    ],
  },
});
