import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";

/**
 * No file cycle in lib, app or components (madge, `npm run -s check:cycles`): a file can be
 * read, tested and moved without the one that imports it. A planted cycle proves the check
 * sees one, through the `@/` alias and a type-only import alike.
 */
const run = promisify(execFile);
/** madge reads the whole tree: seconds alone, over a minute on a machine busy with other suites. */
const WHOLE_TREE_MS = 180_000;
const SCRIPT = path.join(process.cwd(), "scripts", "check-cycles.cjs");
const scratch = mkdtempSync(path.join(tmpdir(), "lint-cycles-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function checkCycles(root?: string, flags: string[] = []): Promise<{ code: number; stdout: string }> {
  const result = await run(process.execPath, [SCRIPT, ...flags, ...(root ? [root] : [])]).then(
    ({ stdout }) => ({ code: 0, stdout }),
    (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
  );
  return result;
}

describe("file cycles (npm run -s check:cycles)", () => {
  it(
    "the tree has none",
    async () => {
      const { code, stdout } = await checkCycles();
      expect(stdout).toMatch(/^No file cycle among \d+ files\.$/m);
      expect(code).toBe(0);
    },
    WHOLE_TREE_MS,
  );

  it(
    "a planted cycle fails it, named file by file",
    async () => {
      mkdirSync(path.join(scratch, "lib", "things"), { recursive: true });
      writeFileSync(path.join(scratch, "tsconfig.json"), JSON.stringify({ compilerOptions: { baseUrl: ".", paths: { "@/*": ["./*"] } } }));
      writeFileSync(
        path.join(scratch, "lib", "things", "kinds.ts"),
        'import type { Thing } from "@/lib/things/record";\nexport const KINDS = ["a"] as const;\nexport type Kind = Thing["kind"];\n',
      );
      writeFileSync(
        path.join(scratch, "lib", "things", "record.ts"),
        'import { KINDS } from "./kinds";\nexport type Thing = { kind: (typeof KINDS)[number] };\n',
      );
      const { code, stdout } = await checkCycles(scratch);
      expect(stdout).toContain("cycle: lib/things/kinds.ts -> lib/things/record.ts");
      expect(code).toBe(1);
    },
    WHOLE_TREE_MS,
  );

  it(
    "no forbidden pair of lib folders imports each other (bookings and notifications, bookings and webhooks, …); a planted pair fails it",
    async () => {
      const tree = await checkCycles(undefined, ["--folders"]);
      expect(tree.stdout).toMatch(/; 0 forbidden\.$/m);
      expect(tree.stdout).not.toMatch(/^folders: lib\/bookings <-> lib\/(notifications|webhooks)$/m);
      expect(tree.code).toBe(0);

      const planted = mkdtempSync(path.join(tmpdir(), "lint-folders-"));
      writeFileSync(path.join(planted, "tsconfig.json"), JSON.stringify({ compilerOptions: { baseUrl: ".", paths: { "@/*": ["./*"] } } }));
      for (const folder of ["bookings", "notifications"]) mkdirSync(path.join(planted, "lib", folder), { recursive: true });
      writeFileSync(
        path.join(planted, "lib", "bookings", "cancel.ts"),
        'import { queue } from "@/lib/notifications/queue";\nexport const cancel = () => queue();\n',
      );
      writeFileSync(path.join(planted, "lib", "notifications", "queue.ts"), "export const queue = () => 1;\n");
      writeFileSync(
        path.join(planted, "lib", "notifications", "render.ts"),
        'import { details } from "@/lib/bookings/details";\nexport const render = () => details;\n',
      );
      writeFileSync(path.join(planted, "lib", "bookings", "details.ts"), "export const details = 1;\n");
      const { code, stdout } = await checkCycles(planted, ["--folders"]);
      rmSync(planted, { recursive: true, force: true });
      expect(stdout).toContain("forbidden: lib/bookings <-> lib/notifications");
      expect(stdout).toContain("  lib/notifications/render.ts -> lib/bookings/details.ts");
      expect(code).toBe(1);
    },
    WHOLE_TREE_MS,
  );
});
