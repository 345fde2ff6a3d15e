import path from "node:path";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { sql, type ExtractTablesWithRelations } from "drizzle-orm";
import pLimit from "p-limit";
import { getConfig } from "@/lib/config";
import { processSlot } from "@/lib/process-state";
import { CONNECT_TIMEOUT_MS, withConnectionGate, type Reopen } from "./connection-gate";
import { acquireEmbeddedLock } from "./embedded-lock";
import * as schema from "./schema";
import { withPreparedStatements, withStatementCache } from "./statement-cache";

export type Schema = typeof schema;
/** One handle type for both drivers: PGlite (embedded) and postgres.js (real PostgreSQL). */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything that runs queries: the handle or an open transaction. */
export type Queryable = Db | Tx;

export type DbHandle = {
  db: Db;
  driver: "pglite" | "postgres";
  close: () => Promise<void>;
  /** PostgreSQL: the pool's size, its units of work running and those waiting for a connection. */
  poolUse?: () => PoolUse;
};

export type PoolUse = { max: number; inUse: number; waiting: number };

export const MIGRATIONS_FOLDER = path.join(process.cwd(), "drizzle");

type OpenOptions = { url?: string; dataDir?: string; loadDataDir?: Blob; maxConnections?: number };

/**
 * `?prepare=false` on the URL (postgres.js's own option): no named statement is ever sent,
 * for a pooler in transaction mode (PgBouncer before 1.21, Supabase's and Neon's poolers),
 * where the next statement may run on another server connection (docs/deploy.md).
 */
export function preparesStatements(url: string): boolean {
  const value = new URL(url).searchParams.get("prepare");
  return value !== "false" && value !== "disable";
}

/** Opens a database: real PostgreSQL when a URL is given, else PGlite (on disk or in memory). */
export async function openDb(options: OpenOptions): Promise<DbHandle> {
  if (options.url) {
    const { default: postgres } = await import("postgres");
    const { drizzle } = await import("drizzle-orm/postgres-js");
    const connections = options.maxConnections ?? 10;
    const prepare = preparesStatements(options.url);
    const url = options.url;
    // connect_timeout: a connection that a stopped pooler accepted but never answers is given up
    // in seconds, not postgres.js's default 30 (docs/deploy.md, "When the database is unreachable").
    const open = (max: number) => postgres(url, { max, onnotice: () => {}, prepare, connect_timeout: CONNECT_TIMEOUT_MS / 1000 });
    const reopen: Reopen = { pool: () => open(connections), probe: () => open(1) };
    const limit = pLimit(connections);
    const client = withConnectionGate(reopen.pool(), connections, reopen, limit);
    const db = drizzle({ client: withPreparedStatements(client, prepare), schema, casing: "snake_case" }) as unknown as Db;
    const poolUse = () => ({ max: connections, inUse: limit.activeCount, waiting: limit.pendingCount });
    return { db, driver: "postgres", close: () => client.end({ timeout: 5 }), poolUse };
  }
  const release = options.dataDir ? acquireEmbeddedLock(options.dataDir) : () => {};
  const { PGlite } = await import("@electric-sql/pglite");
  const { btree_gist } = await import("@electric-sql/pglite/contrib/btree_gist");
  const { drizzle } = await import("drizzle-orm/pglite");
  // The single-object form: `new PGlite(undefined, opts)` silently drops the extensions.
  // Smaller buffers than PostgreSQL's defaults: one process holds the whole database in
  // memory it never returns, and the app's working set is a few megabytes.
  const startParams = [...PGlite.defaultStartParams, "-c", "shared_buffers=16MB", "-c", "work_mem=2MB", "-c", "temp_buffers=2MB"];
  const client = new PGlite({ dataDir: options.dataDir, loadDataDir: options.loadDataDir, extensions: { btree_gist }, startParams });
  await client.waitReady;
  const db = drizzle({ client: withStatementCache(client), schema, casing: "snake_case" }) as unknown as Db;
  return {
    db,
    driver: "pglite",
    close: async () => {
      await client.close();
      release();
    },
  };
}

/** Any fixed number: the advisory lock that lets one instance at a time migrate a shared database. */
const MIGRATION_LOCK_KEY = 7_262_117_425;

/**
 * Applies the migrations not yet applied. On PostgreSQL everything happens in ONE transaction
 * that first takes a transaction-scoped advisory lock: instances that start together take
 * turns and the later ones find nothing left to apply, and nothing is held on the session,
 * so it is just as safe through a pooler in transaction mode as on a direct connection
 * (DATABASE_MIGRATION_URL, docs/deploy.md). The bookkeeping is drizzle's own table, so
 * `drizzle-kit migrate` and this agree on what is applied.
 */
export async function migrateDb(handle: DbHandle): Promise<void> {
  if (handle.driver === "postgres") {
    const { readMigrationFiles } = await import("drizzle-orm/migrator");
    const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`);
      await tx.execute(sql`CREATE SCHEMA IF NOT EXISTS drizzle`);
      await tx.execute(sql`CREATE TABLE IF NOT EXISTS drizzle.__drizzle_migrations (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`);
      const applied = await tx.execute<{ created_at: string | null }>(
        sql`select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
      );
      const rows = (Array.isArray(applied) ? applied : (applied as { rows: { created_at: string | null }[] }).rows) as { created_at: string | null }[];
      const last = rows[0] ? Number(rows[0].created_at) : undefined;
      for (const migration of migrations) {
        if (last !== undefined && last >= migration.folderMillis) continue;
        for (const statement of migration.sql) if (statement.trim()) await tx.execute(sql.raw(statement));
        await tx.execute(sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`);
      }
    });
  } else {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    await migrate(handle.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  }
}

type Holder = { handle?: Promise<DbHandle>; opened?: DbHandle };
const holder: Holder = processSlot<Holder>("db", () => ({}));

/** The app's one database handle, opened and migrated on first use. */
export function getDbHandle(): Promise<DbHandle> {
  if (holder.handle) return holder.handle;
  const opening = (async () => {
    const config = getConfig();
    const handle = await openDb(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, "pglite") });
    try {
      await migrateWith(handle, config.migrationUrl);
    } catch (error) {
      await handle.close().catch(() => {});
      throw error;
    }
    holder.opened = handle;
    return handle;
  })();
  holder.handle = opening;
  // A database that cannot be reached at the first request is tried again by the next one, never given up for good.
  opening.catch(() => {
    if (holder.handle === opening) holder.handle = undefined;
  });
  return opening;
}

/** How busy the app's pool is, once its database is open (undefined before, and on the embedded database). */
export function databasePoolUse(): PoolUse | undefined {
  return holder.opened?.poolUse?.();
}

/** Migrates through `migrationUrl` (a direct connection, when the app's URL is a pooler's) or else the handle itself. */
export async function migrateWith(handle: DbHandle, migrationUrl: string | undefined): Promise<void> {
  if (!migrationUrl || handle.driver !== "postgres") return migrateDb(handle);
  const direct = await openDb({ url: migrationUrl, maxConnections: 1 });
  try {
    await migrateDb(direct);
  } finally {
    await direct.close();
  }
}

export async function getDb(): Promise<Db> {
  return (await getDbHandle()).db;
}

/** Tests point the app at their own database. */
export function setDbForTesting(handle: DbHandle | undefined): void {
  holder.handle = handle ? Promise.resolve(handle) : undefined;
  holder.opened = handle;
}

export async function closeDb(): Promise<void> {
  const handle = holder.handle;
  holder.handle = undefined;
  holder.opened = undefined;
  if (handle) await (await handle).close();
}
