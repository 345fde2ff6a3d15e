import { execFile } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The layers are enforced by the linter (.oxlintrc.json), not by prose: each rule fails on a
 * planted violation in the layer it guards, and lets the same line pass where it is allowed.
 * The probes live in a scratch copy of the config, never in the tree; each test lints its
 * probes in one run of the linter.
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

/** Lints planted files in one run; answers the rules each broke, by file. */
async function lint(files: string[]): Promise<Map<string, string[]>> {
  const result = await run(OXLINT, ["--format", "json", ...files], { cwd: scratch }).catch((error: { stdout: string }) => error);
  const { diagnostics } = JSON.parse(result.stdout) as { diagnostics: Diagnostic[] };
  const broken = new Map(files.map((file) => [file, [] as string[]]));
  for (const diagnostic of diagnostics) broken.get(diagnostic.filename)?.push(diagnostic.code);
  return broken;
}

/** A probe: a file, its source, and the rules it breaks (exactly), or one rule it breaks among others. */
type Probe = [file: string, source: string, breaks: string[] | { includes: string }];

/**
 * Plants every probe under a name of its own (`lib/db/probe.ts` becomes `lib/db/probe-3.ts`: the
 * folder and the suffix, which the rules read, stay) and lints them all in one run.
 */
async function expectProbes(probes: Probe[]) {
  const files = probes.map(([file, source], index) => {
    const named = path.posix.join(path.posix.dirname(file), path.posix.basename(file).replace(/^([^.]+)/, `$1-${index}`));
    plant(named, source);
    return named;
  });
  const broken = await lint(files);
  probes.forEach(([file, source, breaks], index) => {
    const rules = broken.get(files[index]!) ?? [];
    if (Array.isArray(breaks)) expect(rules, `${file}: ${source}`).toEqual(breaks);
    else expect(rules, `${file}: ${source}`).toContain(breaks.includes);
  });
}

const HTTP_IMPORT = 'import { route } from "@/lib/http/route";\nexport const used = route;\n';
const DB_IMPORT = 'import { getDb } from "@/lib/db/client";\nexport const used = getDb;\n';
const DRIZZLE_IMPORT = 'import { eq } from "drizzle-orm";\nexport const used = eq;\n';
const CLOCK_READS = "export const a = new Date();\nexport const b = Date.now();\n";
const NON_NULL = "export function first(values: string[]): string {\n  return values[0]!;\n}\n";
const RESTRICTED = { includes: "eslint(no-restricted-imports)" };

describe("layer rules (npm run lint)", () => {
  it("lib/<domain> may not import lib/http; lib/http and app/ may", async () => {
    await expectProbes([
      ["lib/bookings/probe.ts", HTTP_IMPORT, RESTRICTED],
      ["lib/http/probe.ts", HTTP_IMPORT, []],
      ["app/v1/probe/route.ts", HTTP_IMPORT, []],
    ]);
  });

  it("lib/db, the lowest layer, may not import lib/jobs (or any domain); lib/time and lib/config it may", async () => {
    const JOBS_IMPORT = 'import { announceEffects } from "@/lib/jobs/announce-effects";\nexport const used = announceEffects;\n';
    const DOMAIN_IMPORT = 'import { expireHold } from "@/lib/bookings/expire-hold";\nexport const used = expireHold;\n';
    const SCHEMA_VALUES = 'import { LOCALES } from "../../i18n/locales";\nexport const used = LOCALES;\n';
    const ALLOWED =
      'import { getConfig } from "@/lib/config";\nimport type { Clock } from "@/lib/time/clock";\nimport { users } from "@/lib/db/schema";\nexport type Used = Clock;\nexport const used = [getConfig, users];\n';
    await expectProbes([
      ["lib/db/probe.ts", JOBS_IMPORT, RESTRICTED],
      ["lib/db/probe.ts", DOMAIN_IMPORT, RESTRICTED],
      ["lib/db/probe.ts", HTTP_IMPORT, RESTRICTED],
      // The same imports by relative path, from lib/db and from its schema folder.
      ["lib/db/probe.ts", JOBS_IMPORT.replace("@/lib/", "../"), RESTRICTED],
      ["lib/db/schema/probe.ts", DOMAIN_IMPORT.replace("@/lib/", "../../"), RESTRICTED],
      ["lib/db/schema/probe.ts", SCHEMA_VALUES, []],
      ["lib/db/probe.ts", ALLOWED, []],
      ["lib/context-probe.ts", JOBS_IMPORT, []],
    ]);
  });

  it("code outside a lib/ folder imports only its surface: a planted deep import fails, in every form", async () => {
    const DEEP = 'import { checkAnswers } from "@/lib/bookings/validate-answers";\nexport const used = checkAnswers;\n';
    const SURFACE = 'import { settlePaidHold } from "@/lib/bookings/settle-paid-hold";\nexport const used = settlePaidHold;\n';
    const FORMS = [
      'import { checkAnswers } from "../bookings/validate-answers.ts";\nexport const used = checkAnswers;\n',
      'import type { ValidAnswer } from "@/lib/bookings/validate-answers";\nexport type Used = ValidAnswer;\n',
      'export { checkAnswers } from "@/lib/bookings/validate-answers";\n',
      'export * from "@/lib/bookings/validate-answers";\n',
      'export const load = () => import("@/lib/bookings/validate-answers");\n',
    ];
    // A folder imports its own files however it names them; tests may reach inside.
    const OWN =
      'import { occupyFirstFree } from "./occupy-slot";\nimport { bookingTimes } from "@/lib/bookings/occupy-slot";\nexport const used = [occupyFirstFree, bookingTimes];\n';
    // Packages, lib's root modules and a folder with no surface listed at all.
    const OTHER = 'import { z } from "zod";\nimport { getConfig } from "@/lib/config";\nexport const used = [z, getConfig];\n';
    await expectProbes([
      ...["lib/payments/probe.ts", "app/v1/probe/route.ts", "components/probe.tsx"].flatMap((file): Probe[] => [
        [file, DEEP, ["booking(domain-surface)"]],
        [file, SURFACE, []],
      ]),
      ...FORMS.map((source): Probe => ["lib/payments/probe.ts", source, ["booking(domain-surface)"]]),
      ["lib/bookings/probe.ts", OWN, []],
      ["lib/payments/probe.test.ts", DEEP, []],
      ["lib/payments/probe.ts", OTHER, []],
      ["lib/payments/probe.ts", 'import { x } from "@/lib/unlisted/thing";\nexport const used = x;\n', ["booking(domain-surface)"]],
    ]);
  });

  it("a lib/ folder never imports one it sits below: the outbox and webhooks never import bookings, nor payments jobs; the other way, and tests, may", async () => {
    const BOOKINGS = 'import { isLiveHold } from "@/lib/bookings/holds";\nexport const used = isLiveHold;\n';
    const FORMS = [
      BOOKINGS.replace("@/lib/", "../"),
      'import type { LiveHold } from "@/lib/bookings/holds";\nexport type Used = LiveHold;\n',
      'export { isLiveHold } from "@/lib/bookings/holds";\n',
      'export const load = () => import("@/lib/bookings/holds");\n',
    ];
    const JOBS = 'import { announceEffects } from "@/lib/jobs/announce-effects";\nexport const used = announceEffects;\n';
    const WORKSPACES = 'import { createWorkspace } from "@/lib/workspaces/create-workspace";\nexport const used = createWorkspace;\n';
    const OUTBOX = 'import { queueBookingMessages } from "@/lib/notifications/queue-booking-messages";\nexport const used = queueBookingMessages;\n';
    const USAGE = 'import { countUsage } from "@/lib/accounts/count-usage";\nexport const used = countUsage;\n';
    const UPWARD = ["booking(domain-direction)"];
    await expectProbes([
      ...["lib/notifications/probe.ts", "lib/webhooks/probe.ts", "lib/booking-details/probe.ts"].map((file): Probe => [file, BOOKINGS, UPWARD]),
      ...FORMS.map((source): Probe => ["lib/notifications/probe.ts", source, UPWARD]),
      ...["lib/notifications/probe.ts", "lib/payments/probe.ts"].map((file): Probe => [file, JOBS, UPWARD]),
      ["lib/accounts/probe.ts", WORKSPACES, UPWARD],
      // Bookings write to the outbox; the workspaces count an account's; a test sets up what it needs.
      ["lib/bookings/probe.ts", OUTBOX, []],
      ["lib/workspaces/probe.ts", USAGE, []],
      ["lib/notifications/probe.test.ts", BOOKINGS, []],
    ]);
  });

  it("no file cycle, through the @/ alias and a type-only import alike", async () => {
    plant("lib/things/record.ts", 'import { KINDS } from "./kinds";\nexport type Thing = { kind: (typeof KINDS)[number] };\n');
    const KINDS = 'export const KINDS = ["a"] as const;\n';
    plant("lib/things/kinds.ts", `import type { Thing } from "@/lib/things/record";\n${KINDS}export type Kind = Thing["kind"];\n`);
    expect((await lint(["lib/things/kinds.ts"])).get("lib/things/kinds.ts")).toEqual(["import(no-cycle)"]);
    plant("lib/things/kinds.ts", KINDS);
    expect((await lint(["lib/things/kinds.ts"])).get("lib/things/kinds.ts")).toEqual([]);
  });

  it("app/** and components/** may not import drizzle-orm or lib/db; lib/<domain> may", async () => {
    await expectProbes([
      ...["app/v1/probe/route.ts", "app/(public)/probe/page.tsx", "components/probe.tsx"].flatMap((file): Probe[] => [
        [file, DB_IMPORT, RESTRICTED],
        [file, DRIZZLE_IMPORT, RESTRICTED],
      ]),
      ["lib/bookings/probe.ts", DB_IMPORT + DRIZZLE_IMPORT.replace("used", "alsoUsed"), []],
    ]);
  });

  it("new Date() and Date.now() only in lib/time (and tests)", async () => {
    await expectProbes([
      ...["lib/bookings/probe.ts", "app/v1/probe/route.ts", "components/probe.tsx"].map((file): Probe => [
        file,
        CLOCK_READS,
        ["booking(no-clock-read)", "booking(no-clock-read)"],
      ]),
      ["lib/time/probe.ts", CLOCK_READS, []],
      ["lib/bookings/probe.test.ts", CLOCK_READS, []],
      ["lib/bookings/convert.ts", "export const at = new Date(0);\n", []],
    ]);
  });

  it("no non-null assertion in a new source file; tests may", async () => {
    await expectProbes([
      ["lib/bookings/probe-new.ts", NON_NULL, { includes: "typescript(no-non-null-assertion)" }],
      ["tests/api/probe.test.ts", NON_NULL, []],
    ]);
  });
});
