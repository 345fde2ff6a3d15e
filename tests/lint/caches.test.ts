import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * One cache, one rule (docs/architecture.md#caches): every value this instance keeps between
 * requests lives in lib/cache/cache.ts's `Cache`, so no other source file builds its own
 * lru-cache (with a validity rule of its own).
 */
const ROOT = process.cwd();
const SOURCES = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard", "app", "components", "lib", "scripts"], {
  cwd: ROOT,
  encoding: "utf8",
})
  .split("\0")
  .filter((file) => /\.(ts|tsx|mjs|cjs|js)$/.test(file) && !/\.test\.tsx?$/.test(file));

describe("caches", () => {
  it("only lib/cache/cache.ts imports lru-cache", () => {
    const importers = SOURCES.filter((file) => /from ["']lru-cache["']|require\(["']lru-cache["']\)/.test(readFileSync(path.join(ROOT, file), "utf8")));
    expect(importers).toEqual(["lib/cache/cache.ts"]);
  });
});
