// `node scripts/rewrite-citations.mjs [--check]`: rewrites citations of the notes the project
// was started from (numbered decisions, the style guide, research notes), which are not in this
// repository, into citations of the repo's own docs/ files. Rerunnable: a tree already
// rewritten is left as it is. `--check` changes nothing and exits 1 when something is left to
// rewrite. tests/lint/citations.test.ts fails on any such citation that remains.
//
// The mapping is the one place that says where each numbered decision now lives.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

/** Numbered decision → the docs file (and heading anchor) that holds it now. */
export const DECISION_DOCS = {
  1: "docs/decisions.md#settings",
  2: "docs/decisions.md#bookings",
  3: "docs/decisions.md#routes-the-contract-leaves-open",
  4: "docs/decisions.md#background-work",
  5: "docs/decisions.md#dev-tools",
  6: "docs/decisions.md#command-line",
  7: "docs/decisions.md#safety",
  8: "docs/decisions.md#plans",
  9: "docs/decisions.md#every-request-answered-by-our-code",
  10: "docs/decisions.md#verification-codes",
  11: "docs/decisions.md#reminders",
  12: "docs/decisions.md#time-zones",
  13: "docs/decisions.md#page-headers",
  14: "docs/decisions.md#calendar-feeds",
  15: "docs/decisions.md#languages",
  16: "docs/external-calendars.md",
  17: "docs/group-sessions.md",
  18: "docs/brand.md",
  19: "docs/business-notifications.md",
};

/** Research notes by section → docs. */
const RESEARCH_DOCS = {
  "integrations.md §1": "docs/decisions.md#background-work",
  "integrations.md §2": "docs/decisions.md#payments",
  "integrations.md §3": "docs/decisions.md#publishable-keys-and-origins",
  "integrations.md §4": "docs/decisions.md#settings",
};

const STYLE_DOCS = [
  [/STYLE\.md "Layout"/g, "docs/architecture.md#layers"],
  [/STYLE\.md/g, "CONTRIBUTING.md"],
];

/** `DECISIONS §2`, `DECISIONS.md §2`, `DECISIONS §2, §9`, `DECISIONS §§2 and 9` (the list is kept). */
const DECISION_CITATION = /(?:\.\.\/shared\/)?DECISIONS(?:\.md)?[ \u00a0]*§§?[ \u00a0]*(\d+)((?:(?:,[ \u00a0]*| and | or )§?[ \u00a0]*\d+)*)/g;
const RESEARCH_CITATION = /(?:\.\.\/shared\/)?research\/(integrations\.md)[ \u00a0]*(§[ \u00a0]*\d+)/g;
const SOURCE_FILE = /\.(ts|tsx|mjs|cjs|js|json|md|yaml|yml|css)$/;
const SERVED_CODE = /^(lib|app|components)\//;

function target(number) {
  const doc = DECISION_DOCS[number];
  if (!doc) throw new Error(`No docs file is mapped for decision §${number}: add it to DECISION_DOCS in scripts/rewrite-citations.mjs`);
  return doc;
}

/** A docs path as the file citing it should write it: a relative Markdown link in .md files. */
function cite(doc, file) {
  if (!file.endsWith(".md")) return doc;
  const [docPath, anchor] = doc.split("#");
  const relative = path.posix.relative(path.posix.dirname(file), docPath) || path.posix.basename(docPath);
  return `[${docPath}${anchor ? `#${anchor}` : ""}](${relative}${anchor ? `#${anchor}` : ""})`;
}

const isCommentLine = (line) => /^\s*(\/\/|\/\*|\*)/.test(line);
/** Inside a string literal of served code (an OpenAPI description, a page's text): a path means nothing to its reader. */
const isInServedString = (file, line, index) =>
  SERVED_CODE.test(file) && !/\.test\.tsx?$/.test(file) && !isCommentLine(line) && /["'`]/.test(line.slice(0, index)) && !line.slice(0, index).includes("//");

export function rewrite(file, text) {
  const notes = [];
  const lines = text.split("\n").map((line) => {
    let out = line.replace(DECISION_CITATION, (match, first, rest, index) => {
      const numbers = [first, ...(rest.match(/\d+/g) ?? [])].map(Number);
      if (isInServedString(file, line, index)) {
        notes.push(`${file}: dropped "${match}" from a served string`);
        return "\uE000";
      }
      return numbers.map((number) => cite(target(number), file)).join(", ");
    });
    // A dropped citation takes its parentheses and the space before them along.
    out = out.replace(/ ?\(\uE000\)/g, "").replace(/\uE000,? ?/g, "");
    out = out.replace(RESEARCH_CITATION, (match, note, section) => {
      const doc = RESEARCH_DOCS[`${note} ${section.replace(/\s/g, "")}`];
      if (!doc) throw new Error(`${file}: no docs file is mapped for research/${note} ${section}`);
      return cite(doc, file);
    });
    for (const [pattern, doc] of STYLE_DOCS) out = out.replace(pattern, cite(doc, file));
    return out;
  });
  return { text: lines.join("\n"), notes };
}

function trackedFiles() {
  const out = execFileSync("git", ["ls-files", "-z"], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  return out
    .split("\0")
    .filter((file) => file && SOURCE_FILE.test(file))
    .filter((file) => !["package-lock.json", "scripts/rewrite-citations.mjs", "tests/lint/citations.test.ts"].includes(file));
}

function main() {
  const check = process.argv.includes("--check");
  const changed = [];
  for (const file of trackedFiles()) {
    const before = readFileSync(file, "utf8");
    const { text, notes } = rewrite(file, before);
    for (const note of notes) console.log(note);
    if (text === before) continue;
    changed.push(file);
    if (check) console.log(`${file}: cites a note outside the repo`);
    else writeFileSync(file, text);
  }
  console.log(check ? `${changed.length} file(s) left to rewrite.` : `${changed.length} file(s) rewritten.`);
  if (check && changed.length > 0) process.exitCode = 1;
  // A shorter line may now fit where Prettier wrapped it: format what changed, as `npm run format` would.
  if (!check && changed.length > 0)
    execFileSync(path.join("node_modules", ".bin", "prettier"), ["--write", "--log-level", "warn", ...changed], { stdio: "inherit" });
}

if (import.meta.url === `file://${process.argv[1]}`) main();
