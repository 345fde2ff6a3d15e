import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { ConfigError, getConfig } from "@/lib/config";
import { ensureDemoWorkspace } from "@/lib/cli/demo";
import { openAppDb } from "@/lib/cli/open-app-db";
import { EmbeddedDatabaseInUseError } from "@/lib/db/embedded-lock";

/**
 * `npm start`: validate settings, build when the sources are newer than the last build,
 * migrate, seed (or show) the demo workspace, then serve: Next.js's handler behind our gate
 * (lib/http/server.ts), so that every request is answered by our code.
 */
const SOURCES = ["app", "lib", "components", "public", "next.config.ts", "package.json", "package-lock.json", "tsconfig.json"];
const NEXT_BIN = path.join("node_modules", "next", "dist", "bin", "next");

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const stats = statSync(entry);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return readdirSync(entry).reduce((newest, child) => Math.max(newest, newestMtime(path.join(entry, child))), stats.mtimeMs);
}

function buildIfNeeded() {
  const buildId = path.join(".next", "BUILD_ID");
  const builtAt = existsSync(buildId) ? statSync(buildId).mtimeMs : 0;
  if (builtAt > 0 && Math.max(...SOURCES.map(newestMtime)) <= builtAt) return;
  console.log(builtAt ? "Sources changed since the last build; building…" : "First start: building the app…");
  const result = spawnSync(process.execPath, [NEXT_BIN, "build"], { stdio: "inherit", env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

async function main() {
  const config = getConfig();
  buildIfNeeded();
  const handle = await openAppDb();
  const demo = await ensureDemoWorkspace(handle.db);
  await handle.close();

  const lines = [
    `Database: ${config.isEmbedded ? `embedded PostgreSQL (PGlite) in ${path.join(config.dataDir, "pglite")}` : "PostgreSQL (DATABASE_URL)"}, migrated.`,
    `Demo workspace "${demo.slug}"${demo.created ? " created" : ""}:`,
    `  booking page     ${demo.booking_page_url}`,
    `  docs             ${config.appUrl}/docs (quickstart: ${config.appUrl}/docs/quickstart)`,
    `  OpenAPI          ${demo.openapi_url}`,
    `  publishable key  ${demo.publishable_key ?? "(none)"}`,
    `  secret key       ${demo.secret_key ?? "(shown when it was created)"}`,
    `  account key      ${demo.account_key ?? "(shown when it was created)"}`,
  ];
  if (config.devTools) lines.push(`Warning: dev tools are ON (/dev/outbox, /dev/clock, /dev/jobs/run). Never expose them in production.`);
  console.log(lines.join("\n"));

  const server = spawn(process.execPath, ["--import", "tsx", "scripts/serve.ts"], {
    stdio: "inherit",
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1" },
  });
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
  server.on("exit", (code) => process.exit(code ?? 0));
}

main().catch((error: unknown) => {
  const known = error instanceof ConfigError || error instanceof EmbeddedDatabaseInUseError;
  console.error(known ? (error as Error).message : error);
  process.exit(1);
});
