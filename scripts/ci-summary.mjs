// Sums vitest and Playwright JSON reports into the one closing line CI reads: "N passed, N failed",
// after naming each failed (or flaky) test with its report, so a failed run says what failed.
import { existsSync, readFileSync } from "node:fs";

let passed = 0;
let failed = 0;
const failures = [];

/** Playwright nests suites (file → describe → …); each spec holds its tests' outcomes. */
function playwrightFailures(suite, report) {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests ?? []) {
      if (test.status === "unexpected" || test.status === "flaky") {
        const last = test.results?.at(-1);
        const why = last?.error?.message?.split("\n")[0] ?? test.status;
        failures.push(`${report}: ${spec.file}:${spec.line} › ${spec.title} (${test.status}): ${why}`);
      }
    }
  }
  for (const child of suite.suites ?? []) playwrightFailures(child, report);
}

for (const file of process.argv.slice(2)) {
  // A step that died before writing its report (a crash, a missing binary) is a failure, never a silent gap.
  if (!existsSync(file)) {
    failed += 1;
    failures.push(`${file}: no report was written (the step did not run to its end)`);
    continue;
  }
  const report = JSON.parse(readFileSync(file, "utf8"));
  if (typeof report.numPassedTests === "number") {
    passed += report.numPassedTests;
    failed += report.numFailedTests + (report.numFailedTestSuites ?? 0) * (report.numFailedTests === 0 ? 1 : 0);
    for (const result of report.testResults ?? []) {
      for (const assertion of result.assertionResults ?? []) {
        if (assertion.status === "failed")
          failures.push(`${file}: ${result.name} › ${assertion.fullName}: ${(assertion.failureMessages?.[0] ?? "").split("\n")[0]}`);
      }
      if (result.status === "failed" && !(result.assertionResults ?? []).some((a) => a.status === "failed")) {
        failures.push(`${file}: ${result.name}: ${(result.message ?? "the file failed").split("\n")[0]}`);
      }
    }
  } else if (report.stats) {
    passed += report.stats.expected ?? 0;
    failed += (report.stats.unexpected ?? 0) + (report.stats.flaky ?? 0);
    for (const suite of report.suites ?? []) playwrightFailures(suite, file);
  }
}
for (const line of failures) console.log(`FAILED ${line}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
