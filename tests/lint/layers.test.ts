import { execFile } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The layers are enforced by the linter (.oxlintrc.json), not by prose: each rule fails on a
 * planted violation in the layer it guards, and lets the same line pass where it is allowed.
 * The probes live in a scratch copy of the config, never in the tree.
 */
const run = promisify(execFile);
const ROOT = process.cwd();
const OXLINT = path.join(ROOT, "node_modules", ".bin", "oxlint");
let scratch: string;

beforeAll(() => {
  scratch = mkdtempSync(path.join(tmpdir(), "lint-layers-"));
  cpSync(path.join(ROOT, ".oxlintrc.json"), path.join(scratch, ".oxlintrc.json"));
  mkdirSync(path.join(scratch, "scripts"));
  cpSync(path.join(ROOT, "scripts", "lint-rules.mjs"), path.join(scratch, "scripts", "lint-rules.mjs"));
  // The `@/` alias, so the cycle rule follows it as it does in the tree.
  writeFileSync(path.join(scratch, "tsconfig.json"), JSON.stringify({ compilerOptions: { baseUrl: ".", paths: { "@/*": ["./*"] } } }));
});
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

type Diagnostic = { code: string; filename: string };

function plant(file: string, source: string) {
  mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
  writeFileSync(path.join(scratch, file), source);
}

/** Lints one planted file (beside any planted before) and answers the rules it broke. */
async function rulesBrokenBy(file: string, source: string): Promise<string[]> {
  plant(file, source);
  const result = await run(OXLINT, ["--format", "json", file], { cwd: scratch }).catch((error: { stdout: string }) => error);
  const { diagnostics } = JSON.parse(result.stdout) as { diagnostics: Diagnostic[] };
  return diagnostics.map((diagnostic) => diagnostic.code);
}

const HTTP_IMPORT = 'import { route } from "@/lib/http/route";\nexport const used = route;\n';
const DB_IMPORT = 'import { getDb } from "@/lib/db/client";\nexport const used = getDb;\n';
const DRIZZLE_IMPORT = 'import { eq } from "drizzle-orm";\nexport const used = eq;\n';
const CLOCK_READS = "export const a = new Date();\nexport const b = Date.now();\n";
const NON_NULL = "export function first(values: string[]): string {\n  return values[0]!;\n}\n";

describe("layer rules (npm run lint)", () => {
  it("lib/<domain> may not import lib/http; lib/http and app/ may", async () => {
    expect(await rulesBrokenBy("lib/bookings/probe.ts", HTTP_IMPORT)).toContain("eslint(no-restricted-imports)");
    expect(await rulesBrokenBy("lib/http/probe.ts", HTTP_IMPORT)).not.toContain("eslint(no-restricted-imports)");
    expect(await rulesBrokenBy("app/v1/probe/route.ts", HTTP_IMPORT)).not.toContain("eslint(no-restricted-imports)");
  });

  it("lib/db, the lowest layer, may not import lib/jobs (or any domain); lib/time and lib/config it may", async () => {
    const JOBS_IMPORT = 'import { announceEffects } from "@/lib/jobs/announce-effects";\nexport const used = announceEffects;\n';
    const DOMAIN_IMPORT = 'import { expireHold } from "@/lib/bookings/expire-hold";\nexport const used = expireHold;\n';
    expect(await rulesBrokenBy("lib/db/probe.ts", JOBS_IMPORT)).toContain("eslint(no-restricted-imports)");
    expect(await rulesBrokenBy("lib/db/probe.ts", DOMAIN_IMPORT)).toContain("eslint(no-restricted-imports)");
    expect(await rulesBrokenBy("lib/db/probe.ts", HTTP_IMPORT)).toContain("eslint(no-restricted-imports)");
    // The same imports by relative path, from lib/db and from its schema folder.
    expect(await rulesBrokenBy("lib/db/probe.ts", JOBS_IMPORT.replace("@/lib/", "../"))).toContain("eslint(no-restricted-imports)");
    expect(await rulesBrokenBy("lib/db/schema/probe.ts", DOMAIN_IMPORT.replace("@/lib/", "../../"))).toContain("eslint(no-restricted-imports)");
    const SCHEMA_VALUES = 'import { LOCALES } from "../../i18n/locales";\nexport const used = LOCALES;\n';
    expect(await rulesBrokenBy("lib/db/schema/probe.ts", SCHEMA_VALUES)).toEqual([]);
    const ALLOWED =
      'import { getConfig } from "@/lib/config";\nimport type { Clock } from "@/lib/time/clock";\nimport { users } from "@/lib/db/schema";\nexport type Used = Clock;\nexport const used = [getConfig, users];\n';
    expect(await rulesBrokenBy("lib/db/probe.ts", ALLOWED)).toEqual([]);
    expect(await rulesBrokenBy("lib/context-probe.ts", JOBS_IMPORT)).toEqual([]);
  });

  it("code outside a lib/ folder imports only its surface: a planted deep import fails, in every form", async () => {
    const DEEP = 'import { checkAnswers } from "@/lib/bookings/validate-answers";\nexport const used = checkAnswers;\n';
    const SURFACE = 'import { settlePaidHold } from "@/lib/bookings/settle-paid-hold";\nexport const used = settlePaidHold;\n';
    for (const file of ["lib/payments/probe.ts", "app/v1/probe/route.ts", "components/probe.tsx"]) {
      expect(await rulesBrokenBy(file, DEEP), file).toEqual(["booking(domain-surface)"]);
      expect(await rulesBrokenBy(file, SURFACE), file).toEqual([]);
    }
    const FORMS = [
      'import { checkAnswers } from "../bookings/validate-answers.ts";\nexport const used = checkAnswers;\n',
      'import type { ValidAnswer } from "@/lib/bookings/validate-answers";\nexport type Used = ValidAnswer;\n',
      'export { checkAnswers } from "@/lib/bookings/validate-answers";\n',
      'export * from "@/lib/bookings/validate-answers";\n',
      'export const load = () => import("@/lib/bookings/validate-answers");\n',
    ];
    for (const source of FORMS) expect(await rulesBrokenBy("lib/payments/probe.ts", source), source).toEqual(["booking(domain-surface)"]);
    // A folder imports its own files however it names them; tests may reach inside.
    const OWN =
      'import { occupyFirstFree } from "./occupy-slot";\nimport { bookingTimes } from "@/lib/bookings/occupy-slot";\nexport const used = [occupyFirstFree, bookingTimes];\n';
    expect(await rulesBrokenBy("lib/bookings/probe.ts", OWN)).toEqual([]);
    expect(await rulesBrokenBy("lib/payments/probe.test.ts", DEEP)).toEqual([]);
    // Packages, lib's root modules and a folder with no surface listed at all.
    const OTHER = 'import { z } from "zod";\nimport { getConfig } from "@/lib/config";\nexport const used = [z, getConfig];\n';
    expect(await rulesBrokenBy("lib/payments/probe.ts", OTHER)).toEqual([]);
    expect(await rulesBrokenBy("lib/payments/probe.ts", 'import { x } from "@/lib/unlisted/thing";\nexport const used = x;\n')).toEqual([
      "booking(domain-surface)",
    ]);
  });

  it("a lib/ folder never imports one it sits below: the outbox and webhooks never import bookings, nor payments jobs; the other way, and tests, may", async () => {
    const BOOKINGS = 'import { isLiveHold } from "@/lib/bookings/holds";\nexport const used = isLiveHold;\n';
    for (const file of ["lib/notifications/probe.ts", "lib/webhooks/probe.ts", "lib/booking-details/probe.ts"]) {
      expect(await rulesBrokenBy(file, BOOKINGS), file).toEqual(["booking(domain-direction)"]);
    }
    const FORMS = [
      BOOKINGS.replace("@/lib/", "../"),
      'import type { LiveHold } from "@/lib/bookings/holds";\nexport type Used = LiveHold;\n',
      'export { isLiveHold } from "@/lib/bookings/holds";\n',
      'export const load = () => import("@/lib/bookings/holds");\n',
    ];
    for (const source of FORMS) expect(await rulesBrokenBy("lib/notifications/probe.ts", source), source).toEqual(["booking(domain-direction)"]);
    const JOBS = 'import { announceEffects } from "@/lib/jobs/announce-effects";\nexport const used = announceEffects;\n';
    for (const file of ["lib/notifications/probe.ts", "lib/payments/probe.ts"])
      expect(await rulesBrokenBy(file, JOBS), file).toEqual(["booking(domain-direction)"]);
    const WORKSPACES = 'import { createWorkspace } from "@/lib/workspaces/create-workspace";\nexport const used = createWorkspace;\n';
    expect(await rulesBrokenBy("lib/accounts/probe.ts", WORKSPACES)).toEqual(["booking(domain-direction)"]);
    // Bookings write to the outbox; the workspaces count an account's; a test sets up what it needs.
    const OUTBOX = 'import { queueBookingMessages } from "@/lib/notifications/queue-booking-messages";\nexport const used = queueBookingMessages;\n';
    expect(await rulesBrokenBy("lib/bookings/probe.ts", OUTBOX)).toEqual([]);
    expect(
      await rulesBrokenBy("lib/workspaces/probe.ts", 'import { countUsage } from "@/lib/accounts/count-usage";\nexport const used = countUsage;\n'),
    ).toEqual([]);
    expect(await rulesBrokenBy("lib/notifications/probe.test.ts", BOOKINGS)).toEqual([]);
  });

  it("no file cycle, through the @/ alias and a type-only import alike", async () => {
    plant("lib/things/record.ts", 'import { KINDS } from "./kinds";\nexport type Thing = { kind: (typeof KINDS)[number] };\n');
    const KINDS = 'export const KINDS = ["a"] as const;\n';
    expect(
      await rulesBrokenBy("lib/things/kinds.ts", `import type { Thing } from "@/lib/things/record";\n${KINDS}export type Kind = Thing["kind"];\n`),
    ).toEqual(["import(no-cycle)"]);
    expect(await rulesBrokenBy("lib/things/kinds.ts", KINDS)).toEqual([]);
  });

  it("app/** and components/** may not import drizzle-orm or lib/db; lib/<domain> may", async () => {
    for (const file of ["app/v1/probe/route.ts", "app/(public)/probe/page.tsx", "components/probe.tsx"]) {
      expect(await rulesBrokenBy(file, DB_IMPORT), file).toContain("eslint(no-restricted-imports)");
      expect(await rulesBrokenBy(file, DRIZZLE_IMPORT), file).toContain("eslint(no-restricted-imports)");
    }
    expect(await rulesBrokenBy("lib/bookings/probe.ts", DB_IMPORT + DRIZZLE_IMPORT.replace("used", "alsoUsed"))).toEqual([]);
  });

  it("new Date() and Date.now() only in lib/time (and tests)", async () => {
    for (const file of ["lib/bookings/probe.ts", "app/v1/probe/route.ts", "components/probe.tsx"]) {
      expect(await rulesBrokenBy(file, CLOCK_READS), file).toEqual(["booking(no-clock-read)", "booking(no-clock-read)"]);
    }
    expect(await rulesBrokenBy("lib/time/probe.ts", CLOCK_READS)).toEqual([]);
    expect(await rulesBrokenBy("lib/bookings/probe.test.ts", CLOCK_READS)).toEqual([]);
    expect(await rulesBrokenBy("lib/bookings/convert.ts", "export const at = new Date(0);\n")).toEqual([]);
  });

  it("no non-null assertion in a new source file; tests may", async () => {
    expect(await rulesBrokenBy("lib/bookings/probe-new.ts", NON_NULL)).toContain("typescript(no-non-null-assertion)");
    expect(await rulesBrokenBy("tests/api/probe.test.ts", NON_NULL)).toEqual([]);
  });
});
