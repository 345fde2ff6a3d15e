import { spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import postgres from "postgres";
import type { Db } from "@/lib/db/client";
import { startApp, stopApp } from "./app";
import { measureSyncCpu, seedExternalWorkspace, SYNC_FEED_EVENTS } from "./external";
import { HISTORY_CALENDARS, HISTORY_WORKSPACES, seedHistoryWorkspace } from "./history";
import { seedConsoleDay, type SeededConsoleDay } from "./console-day";
import { measureConsoleDay } from "./lines/console-day";
import { HISTORY_LINES, measureHistory } from "./lines/history";
import { runRace } from "./lines/race";
import { measureThroughput } from "./lines/throughput";
import { processTree, rssSampler } from "./process-tree";
import { CALENDARS, RACE_SLOTS, SEEDED_BOOKINGS, seedBenchWorkspace, seedRaceWorkspace, type Seeded, type SeededRace } from "./seed";
import { freePort } from "./server";
import { measured, put, report, RSS_GOAL_MB, START_GOAL_MS, SYNC_CPU_GOAL_MS, type Database } from "./table";

/**
 * `npm run bench`: the table of the issue "A lean kernel and footprint", measured in one run
 * against `npm start` itself, on a fresh embedded database and (with DATABASE_URL) on a fresh
 * PostgreSQL database. Throughput is requests/s with 16 concurrent connections, given as a
 * ratio to the floor measured in the same run (in 2-second slices alternating with the floor's): the kernel's JSON 404 for an unknown /v1
 * path (a route handler that touches no database). Then 1,000 concurrent creates on 20 slots
 * (p99, double bookings, 5xx), the peak RSS of every process `npm start` runs under that
 * load, and the time from `npm start` (built) to its first answer. Prints each target and
 * whether it is met; exits 1 when one is missed. The lines themselves are in bench/lines/, the
 * table and its goals in bench/table.ts.
 *
 * Settings: BENCH_DURATION_SECONDS (default 10), BENCH_WARMUP_SECONDS (3),
 * BENCH_CONNECTIONS (16), BENCH_RACE_CREATES (1000), BENCH_DATABASES (PGlite,PostgreSQL), and BENCH_LINES
 * (a comma-separated subset of workspace, fresh62, fresh62ext (with fresh62), again62, fresh7, create, mixed, group62, groupCreate, historyCreate and history7 (with create and fresh7: a second database with two years of history, bench/history.ts), consoleDay, race, sync5000: measure only
 * those; the others print as not measured), BENCH_NODE_OPTIONS (NODE_OPTIONS for `npm start` alone),
 * BENCH_NODE_ARGS (for profiling: `node <these flags> scripts/start.mjs` instead of `npm start`).
 */
const MB = 1024 * 1024;

async function main() {
  // Build (and bundle the server) first, so that no measured start pays for a build.
  const built = spawnSync(process.execPath, ["scripts/start.mjs", "--build-only"], { stdio: "inherit" });
  if (built.status !== 0) throw new Error("the build failed");
  const databases = (process.env.DATABASE_URL ? (["PGlite", "PostgreSQL"] as const) : (["PGlite"] as const)).filter(
    (database) => !process.env.BENCH_DATABASES || process.env.BENCH_DATABASES.split(",").includes(database),
  );
  for (const database of databases) await benchDatabase(database);
  if (!process.env.DATABASE_URL) console.log("\n(DATABASE_URL is not set: PostgreSQL was not measured.)");
  process.exitCode = report(databases) ? 0 : 1;
}

async function benchDatabase(database: Database) {
  console.log(`\n=== ${database} ===`);
  await withFreshDatabase(database, async (env, base) => {
    const { seeded, race, external, sync, day } = await seed(env, (db) => seedSmall(db, base));
    if (sync) {
      console.log(
        `A ${SYNC_FEED_EVENTS}-event feed synced in ${sync.cpuMs.toFixed(0)} ms of CPU (${sync.wallMs.toFixed(0)} ms wall), ${sync.intervals} busy intervals.`,
      );
      put("sync5000", database, `${(sync.cpuMs / 1000).toFixed(2)} s CPU, ${sync.intervals} intervals`, sync.cpuMs <= SYNC_CPU_GOAL_MS);
    }
    console.log(`Seeded ${CALENDARS} calendars, a 15-minute interval and ${SEEDED_BOOKINGS} bookings; a race workspace with ${RACE_SLOTS} slots.`);

    // The first start seeds the demo workspace; the one measured is a later start.
    const first = await startApp(env, base);
    console.log(`First start (migrates, seeds the demo) answered after ${(first.ms / 1000).toFixed(2)} s.`);
    await stopApp(first.app);
    const { app, ms: startMs, databaseMs } = await startApp(env, base);
    put("start", database, `${(startMs / 1000).toFixed(2)} s`, startMs <= START_GOAL_MS);
    const tree = processTree(app.pid!);
    console.log(
      `Started in ${(startMs / 1000).toFixed(2)} s (first answer from the database after ${(databaseMs / 1000).toFixed(2)} s); npm start runs ${tree.length} processes:`,
    );
    for (const process of tree)
      console.log(`  ${String(process.pid).padStart(7)} ${(process.rssBytes / MB).toFixed(0).padStart(5)} MB  ${process.command.slice(0, 100)}`);

    const sampler = rssSampler(app.pid!);
    try {
      await measureThroughput(database, base, seeded, external);
      if (day) await measureConsoleDay(database, base, seeded, day);
      sampler.reset();
      if (measured("race")) {
        await runRace(database, base, race);
        const peakMb = sampler.peak / MB;
        put("rss", database, `${peakMb.toFixed(0)} MB`, peakMb <= RSS_GOAL_MB[database]);
      }
    } finally {
      sampler.stop();
      await stopApp(app);
    }
  });
  // Cost as history grows: the same lines on a database of its own with two years of bookings behind them.
  if (!HISTORY_LINES.some(measured)) return;
  await withFreshDatabase(database, async (env, base) => {
    const started = performance.now();
    const history = await seed(env, seedHistoryWorkspace);
    console.log(
      `History: ${history.bookings.toLocaleString("en")} bookings in ${HISTORY_WORKSPACES} workspaces, ${HISTORY_CALENDARS} calendars in the measured one, seeded in ${((performance.now() - started) / 1000).toFixed(0)} s.`,
    );
    const { app } = await startApp(env, base);
    try {
      await measureHistory(database, base, history);
    } finally {
      await stopApp(app);
    }
  });
}

/** A fresh embedded data folder or PostgreSQL database (dropped afterwards), with `npm start`'s environment for it. */
async function withFreshDatabase(database: Database, run: (env: NodeJS.ProcessEnv, base: string) => Promise<void>) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "booking-bench-"));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const adminUrl = process.env.DATABASE_URL;
  const benchDatabaseName = adminUrl ? `${new URL(adminUrl).pathname.slice(1) || "booking"}_bench_${process.pid}` : "";
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), APP_URL: base, NEXT_TELEMETRY_DISABLED: "1" };
  delete env.DATABASE_URL;
  if (database === "PostgreSQL" && adminUrl) {
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`DROP DATABASE IF EXISTS ${benchDatabaseName} WITH (FORCE)`);
    await admin.unsafe(`CREATE DATABASE ${benchDatabaseName}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${benchDatabaseName}`;
    env.DATABASE_URL = url.toString();
    env.APP_SECRET ??= "bench-secret-bench-secret-bench-secret-0123";
  }
  try {
    await run(env, base);
  } finally {
    await rm(dataDir, { recursive: true, force: true });
    if (database === "PostgreSQL" && adminUrl) {
      const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
      await admin.unsafe(`DROP DATABASE IF EXISTS ${benchDatabaseName} WITH (FORCE)`);
      await admin.end();
    }
  }
}

/** The small seed: the bench's workspace, the race's, and the external calendars' when measured. */
async function seedSmall(
  db: Db,
  appUrl: string,
): Promise<{ seeded: Seeded; race: SeededRace; external?: Seeded; sync?: Awaited<ReturnType<typeof measureSyncCpu>>; day?: SeededConsoleDay }> {
  const seeded = await seedBenchWorkspace(db);
  const race = await seedRaceWorkspace(db);
  const external = measured("fresh62ext") ? await seedExternalWorkspace(db) : undefined;
  const sync = measured("sync5000") ? await measureSyncCpu(db, seeded) : undefined;
  const day = measured("consoleDay") ? await seedConsoleDay(db, seeded, appUrl) : undefined;
  return { seeded, race, external, sync, day };
}

/** Seeds in this process, with the app's own configuration for `env`, and closes the database again. */
async function seed<T>(env: NodeJS.ProcessEnv, write: (db: Db) => Promise<T>): Promise<T> {
  const saved = { ...process.env };
  for (const name of Object.keys(process.env)) if (!(name in env)) delete process.env[name];
  Object.assign(process.env, env);
  const { setConfigForTesting } = await import("@/lib/config");
  const { setDbForTesting } = await import("@/lib/db/client");
  const { openAppDb } = await import("@/lib/cli/open-app-db");
  setConfigForTesting(undefined);
  const handle = await openAppDb();
  try {
    return await write(handle.db);
  } finally {
    await handle.close();
    setDbForTesting(undefined);
    for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
    Object.assign(process.env, saved);
    setConfigForTesting(undefined);
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
