import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * docs/architecture.md#background-work lists the background jobs in a table: it names exactly the
 * jobs defined in lib/jobs/definitions (a new job is a new row), so a reader of the design sees
 * what the code runs.
 */
const ROOT = process.cwd();
const DEFINITIONS = path.join(ROOT, "lib", "jobs", "definitions");

function definedJobIds(): string[] {
  const ids: string[] = [];
  for (const file of readdirSync(DEFINITIONS).filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))) {
    const source = readFileSync(path.join(DEFINITIONS, file), "utf8");
    for (const match of source.matchAll(/define(?:Event|Cron)Job\(\{\s*id:\s*"([^"]+)"/g)) ids.push(match[1]!);
  }
  return ids.sort();
}

function documentedJobIds(): string[] {
  const doc = readFileSync(path.join(ROOT, "docs", "architecture.md"), "utf8");
  const section = doc.slice(doc.indexOf("## Background work"), doc.indexOf("\n## ", doc.indexOf("## Background work") + 1));
  return [...section.matchAll(/^\s*\| `([a-z0-9-]+)`/gm)].map((match) => match[1]!).sort();
}

describe("background jobs", () => {
  it("docs/architecture.md's job table names every job lib/jobs/definitions defines, and no other", () => {
    const defined = definedJobIds();
    expect(defined.length).toBeGreaterThan(0);
    expect(documentedJobIds()).toEqual(defined);
  });
});
