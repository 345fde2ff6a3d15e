import { spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createInterface } from "node:readline";
import { stripVTControlCharacters } from "node:util";
import path from "node:path";
import { pathToFileURL } from "node:url";

/**
 * `npm start`, as ONE process: build when the sources are newer than the last build, then
 * serve in this very process: Next.js's handler behind our gate (lib/http/server.ts, bundled
 * to plain JavaScript beside the build, so no TypeScript loader stays resident). Next runs
 * instrumentation.ts before the first request: it validates the settings, migrates, seeds
 * (or shows) the demo workspace and prints its keys (BOOKING_START=1).
 */
const SOURCES = [
  "app",
  "lib",
  "components",
  "public",
  "scripts/serve.ts",
  "instrumentation.ts",
  "proxy.ts",
  "next.config.ts",
  "package.json",
  "package-lock.json",
  "tsconfig.json",
];
const NEXT_BIN = path.join("node_modules", "next", "dist", "bin", "next");
const ESBUILD_BIN = path.join("node_modules", ".bin", "esbuild");
const SERVER_BUNDLE = path.join(".next", "booking-server.mjs");

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(entry).reduce((newest, child) => Math.max(newest, newestMtime(path.join(entry, child))), stats.mtimeMs);
}

const builtAt = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);

/** As lib/config.ts decides: NODE_ENV=production, or a DATABASE_URL. Its stdout is JSON lines only. */
const PRODUCTION = (process.env.BOOKING_NODE_ENV ?? process.env.NODE_ENV) === "production" || Boolean(process.env.DATABASE_URL);

/** One line of ours: plain text in development, a JSON line (as lib/log/logger.ts writes) in production. */
function say(msg, level = "info") {
  if (PRODUCTION) process.stdout.write(`${JSON.stringify({ level, time: new Date().toISOString(), msg })}\n`);
  else console.log(msg);
}

/** Runs a step of the build; in production each line it prints becomes a JSON line (stderr's at warn). */
async function run(args) {
  const child = spawn(process.execPath, args, {
    stdio: PRODUCTION ? ["ignore", "pipe", "pipe"] : "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  if (PRODUCTION) {
    for (const [stream, level] of [
      [child.stdout, "info"],
      [child.stderr, "warn"],
    ]) {
      createInterface({ input: stream }).on("line", (line) => {
        const text = stripVTControlCharacters(line).trim();
        if (text) say(`build: ${text}`, level);
      });
    }
  }
  const [code] = await once(child, "close");
  return code ?? 1;
}

const needsBuild = () => {
  const nextBuiltAt = builtAt(path.join(".next", "BUILD_ID"));
  return nextBuiltAt === 0 || Math.max(...SOURCES.map(newestMtime)) > nextBuiltAt;
};
const needsBundle = () => builtAt(SERVER_BUNDLE) < builtAt(path.join(".next", "BUILD_ID"));

/**
 * Instances started together on a tree without a build build ONCE (docs/deploy.md): the first
 * takes BUILD_LOCK (a directory: creating one is atomic) and builds; the others wait until it is
 * gone, then find the build done. A lock whose builder has died is taken over.
 */
const BUILD_LOCK = ".next-build.lock";

function holderAlive() {
  let pid = 0;
  try {
    pid = Number(readFileSync(path.join(BUILD_LOCK, "pid"), "utf8"));
  } catch {
    // Just taken (its pid not written yet), unless it has been so for long.
    return existsSync(BUILD_LOCK) && Date.now() - builtAt(BUILD_LOCK) < 10_000;
  }
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}

async function buildIfNeeded() {
  if (!needsBuild() && !needsBundle()) return;
  let said = false;
  for (;;) {
    try {
      mkdirSync(BUILD_LOCK);
      writeFileSync(path.join(BUILD_LOCK, "pid"), String(process.pid));
      break;
    } catch (error) {
      if (error.code !== "EEXIST") throw error;
    }
    if (!said) say("Another instance is building the app; waiting for its build…");
    said = true;
    await new Promise((resolve) => setTimeout(resolve, 500));
    if (!holderAlive()) rmSync(BUILD_LOCK, { recursive: true, force: true });
  }
  try {
    if (needsBuild()) {
      say(builtAt(path.join(".next", "BUILD_ID")) ? "Sources changed since the last build; building…" : "First start: building the app…");
      const status = await run([NEXT_BIN, "build"]);
      if (status !== 0) process.exit(status);
    }
    if (needsBundle()) bundleServer();
  } finally {
    rmSync(BUILD_LOCK, { recursive: true, force: true });
  }
}
/** scripts/serve.ts and what it imports from lib/, as one ES module; packages stay in node_modules. */
function bundleServer() {
  // esbuild's own command line, in a child whose service process ends with it.
  const args = ["scripts/serve.ts", "--bundle", "--platform=node", "--format=esm", "--target=node20", "--packages=external", "--alias:@=."];
  const result = spawnSync(ESBUILD_BIN, [...args, `--outfile=${SERVER_BUNDLE}`, "--log-level=warning"], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const KNOWN_ERRORS = new Set(["ConfigError", "EmbeddedDatabaseInUseError"]);

await buildIfNeeded();
// `npm run bench` builds first, so that no start it times pays for a build.
if (process.argv.includes("--build-only")) process.exit(0);
// Next.js sets NODE_ENV=production in the serving process; the operator's own value decides
// whether this is a production start (lib/config.ts).
process.env.BOOKING_NODE_ENV ??= process.env.NODE_ENV || "unset";
Object.assign(process.env, { NEXT_TELEMETRY_DISABLED: "1", BOOKING_START: "1" });
try {
  await import(pathToFileURL(path.resolve(SERVER_BUNDLE)).href);
} catch (error) {
  console.error(error instanceof Error && KNOWN_ERRORS.has(error.name) ? error.message : error);
  process.exit(1);
}
