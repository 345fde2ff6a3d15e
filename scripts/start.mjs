import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
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
const SERVER_BUNDLE = path.join(".next", "booking-server.mjs");

function newestMtime(entry) {
  if (!existsSync(entry)) return 0;
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(entry).reduce((newest, child) => Math.max(newest, newestMtime(path.join(entry, child))), stats.mtimeMs);
}

const builtAt = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);

function buildIfNeeded() {
  const nextBuiltAt = builtAt(path.join(".next", "BUILD_ID"));
  const sourcesAt = Math.max(...SOURCES.map(newestMtime));
  if (nextBuiltAt === 0 || sourcesAt > nextBuiltAt) {
    console.log(nextBuiltAt ? "Sources changed since the last build; building…" : "First start: building the app…");
    const result = spawnSync(process.execPath, [NEXT_BIN, "build"], { stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
  if (builtAt(SERVER_BUNDLE) < builtAt(path.join(".next", "BUILD_ID"))) bundleServer();
}

/** scripts/serve.ts and what it imports from lib/, as one ES module; packages stay in node_modules. */
function bundleServer() {
  const script = [
    `require("esbuild").buildSync({ entryPoints: ["scripts/serve.ts"], bundle: true, platform: "node", format: "esm", target: "node20",`,
    `packages: "external", alias: { "@": "." }, outfile: ${JSON.stringify(SERVER_BUNDLE)}, logLevel: "warning" })`,
  ].join(" ");
  // In a short child: esbuild's service process ends with it.
  const result = spawnSync(process.execPath, ["-e", script], { stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const KNOWN_ERRORS = new Set(["ConfigError", "EmbeddedDatabaseInUseError"]);

buildIfNeeded();
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
