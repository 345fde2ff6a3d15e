import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname) } },
  test: {
    include: ["lib/**/*.test.ts", "tests/**/*.test.ts"],
    exclude: ["e2e/**", "node_modules/**"],
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
  },
});
