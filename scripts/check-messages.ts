import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { checkMessages, describeProblem, type MessageTree, type SourceFile } from "../lib/i18n/message-check";

/**
 * CI's message check (`npm run check:messages`): every language has exactly English's keys,
 * every message is valid ICU, and every English key is used by the code. Adding a language is
 * adding lib/i18n/messages/<code>.json; this lists what it still lacks.
 */
const ROOT = process.cwd();
const MESSAGES_DIR = path.join(ROOT, "lib", "i18n", "messages");
const SOURCE_ROOTS = ["app", "components", "lib", "proxy.ts"];

function sourceFiles(entry: string): SourceFile[] {
  const full = path.join(ROOT, entry);
  if (statSync(full).isDirectory()) return readdirSync(full).flatMap((name) => sourceFiles(path.join(entry, name)));
  const isSource = /\.(ts|tsx|js|mjs)$/.test(entry) && !entry.endsWith(".test.ts");
  return isSource ? [{ path: entry, text: readFileSync(full, "utf8") }] : [];
}

const messages: Record<string, MessageTree> = {};
for (const file of readdirSync(MESSAGES_DIR).filter((name) => name.endsWith(".json"))) {
  messages[path.basename(file, ".json")] = JSON.parse(readFileSync(path.join(MESSAGES_DIR, file), "utf8")) as MessageTree;
}
const problems = checkMessages({ messages, sources: SOURCE_ROOTS.flatMap(sourceFiles) });
for (const problem of problems) console.error(describeProblem(problem));
const languages = Object.keys(messages).sort().join(", ");
if (problems.length > 0) {
  console.error(`Message check failed: ${problems.length} problem(s) in ${languages}.`);
  process.exit(1);
}
console.log(`Message check: ${languages} agree with English, every message is valid ICU and every key is used.`);
