import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The repo carries its own knowledge: no tracked file cites a note outside it (the numbered
 * decisions, the style guide, research notes, a sibling folder), every `docs/….md#anchor` a
 * file cites exists with that heading, every relative Markdown link resolves inside the repo,
 * and the settings lib/config.ts reads are all documented. `node scripts/rewrite-citations.mjs`
 * rewrites the old citations; docs/README.md is the index.
 */
const ROOT = process.cwd();
const SELF = ["tests/lint/citations.test.ts", "scripts/rewrite-citations.mjs"];
const TEXT_FILE = /\.(ts|tsx|mjs|cjs|js|json|md|yaml|yml|css|sh)$|^\.ci\/run$|^\.env\.example$/;

const FILES = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
  cwd: ROOT,
  encoding: "utf8",
  maxBuffer: 64 * 1024 * 1024,
})
  .split("\0")
  .filter((file) => file && TEXT_FILE.test(file) && file !== "package-lock.json" && !SELF.includes(file) && existsSync(path.join(ROOT, file)));

const read = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

/** What cites a place outside the repository. */
const OUTSIDE = [
  { name: "a numbered decision", pattern: /DECISIONS(\.md)?[ \u00a0]*§/ },
  { name: "the decisions note", pattern: /DECISIONS\.md/ },
  { name: "the style guide", pattern: /STYLE\.md/ },
  { name: "a research note", pattern: /research\/[\w-]+\.md/ },
  { name: "the contract's source file", pattern: /spec\/booking-api\.md/ },
  { name: "a sibling folder", pattern: /\.\.\/shared\b|\/work\/(shared|wt|main)\b/ },
];

/** GitHub's heading anchors: lower case, punctuation dropped, spaces as hyphens. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const line of markdown.split("\n")) {
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    if (heading)
      anchors.add(
        heading[1]
          .trim()
          .toLowerCase()
          .replace(/[^\w\- ]/g, "")
          .replace(/ /g, "-"),
      );
  }
  return anchors;
}

function checkTarget(file: string, target: string): string | undefined {
  const [docPath, anchor] = target.split("#");
  if (!existsSync(path.join(ROOT, docPath))) return `${file}: cites ${target}, which does not exist`;
  if (anchor && docPath.endsWith(".md") && !anchorsOf(read(docPath)).has(anchor)) return `${file}: cites ${target}, which has no heading #${anchor}`;
  return undefined;
}

describe("the repo cites only itself", () => {
  it("no file cites a note or folder outside the repo", () => {
    const found = FILES.flatMap((file) =>
      read(file)
        .split("\n")
        .flatMap((line, index) =>
          OUTSIDE.filter(({ pattern }) => pattern.test(line)).map(({ name }) => `${file}:${index + 1} cites ${name}: ${line.trim().slice(0, 120)}`),
        ),
    );
    expect(found, "run `node scripts/rewrite-citations.mjs`, or write the knowledge into docs/").toEqual([]);
  });

  it("every docs/….md a file cites exists, with the heading its anchor names", () => {
    const problems = FILES.flatMap((file) =>
      [...read(file).matchAll(/(?<![\w/.-])(docs\/[\w./-]+\.md(?:#[\w-]+)?)/g)]
        .map((match) => checkTarget(file, match[1]))
        .filter((problem) => problem !== undefined),
    );
    expect(problems).toEqual([]);
  });

  it("every relative Markdown link resolves inside the repo", () => {
    const problems: string[] = [];
    for (const file of FILES.filter((name) => name.endsWith(".md"))) {
      for (const [, target] of read(file).matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/i.test(target)) continue;
        if (target.startsWith("#")) {
          if (!anchorsOf(read(file)).has(target.slice(1))) problems.push(`${file}: no heading ${target}`);
          continue;
        }
        const [relative, anchor] = target.split("#");
        const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file), relative));
        if (resolved.startsWith("../")) problems.push(`${file}: links outside the repo: ${target}`);
        else problems.push(...[checkTarget(file, anchor ? `${resolved}#${anchor}` : resolved)].filter((problem) => problem !== undefined));
      }
    }
    expect(problems).toEqual([]);
  });
});

describe("every setting is documented", () => {
  const config = read("lib/config.ts");
  const schema = config.slice(config.indexOf("const EnvSchema"), config.indexOf("});", config.indexOf("const EnvSchema")));
  const settings = [...schema.matchAll(/^\s+([A-Z][A-Z0-9_]+):/gm)].map((match) => match[1]);

  it("lib/config.ts reads the settings this test knows how to find", () => {
    expect(settings).toEqual(expect.arrayContaining(["DATABASE_URL", "APP_SECRET", "RUNNER_INTERVAL_MS", "STRIPE_API_BASE", "TWILIO_BASE_URL"]));
  });

  it.each(["README.md", "docs/operations.md", ".env.example"])("%s names every one", (file) => {
    const text = read(file);
    expect(settings.filter((setting) => !new RegExp(`\\b${setting}\\b`).test(text))).toEqual([]);
  });
});
