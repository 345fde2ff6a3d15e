import path from "node:path";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import type { ExtractTablesWithRelations } from "drizzle-orm";
import { getConfig } from "@/lib/config";
import { withConnectionGate } from "./connection-gate";
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
  /** PostgreSQL only: hold a session advisory lock on a dedicated connection until released. */
  lockForMigration?: (key: number) => Promise<() => Promise<void>>;
};

export const MIGRATIONS_FOLDER = path.join(process.cwd(), "drizzle");

type OpenOptions = { url?: string; dataDir?: string; loadDataDir?: Blob; maxConnections?: number };

/** Opens a database: real PostgreSQL when a URL is given, else PGlite (on disk or in memory). */
export async function openDb(options: OpenOptions): Promise<DbHandle> {
  if (options.url) {
    const { default: postgres } = await import("postgres");
    const { drizzle } = await import("drizzle-orm/postgres-js");
    const connections = options.maxConnections ?? 10;
    const client = postgres(options.url, { max: connections, onnotice: () => {} });
    const db = drizzle({ client: withPreparedStatements(withConnectionGate(client, connections)), schema, casing: "snake_case" }) as unknown as Db;
    // The lock lives on a connection of its own, so even a one-connection pool can migrate.
    const lockForMigration = async (key: number) => {
      const lockClient = postgres(options.url!, { max: 1, onnotice: () => {} });
      await lockClient`select pg_advisory_lock(${key})`;
      return async () => {
        await lockClient`select pg_advisory_unlock(${key})`;
        await lockClient.end({ timeout: 5 });
      };
    };
    return { db, driver: "postgres", close: () => client.end({ timeout: 5 }), lockForMigration };
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

export async function migrateDb(handle: DbHandle): Promise<void> {
  if (handle.driver === "postgres") {
    const { migrate } = await import("drizzle-orm/postgres-js/migrator");
    // Instances that start together take turns (a session lock on a reserved connection);
    // the later ones find nothing left to apply.
    const release = await handle.lockForMigration!(MIGRATION_LOCK_KEY);
    try {
      await migrate(handle.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    } finally {
      await release();
    }
  } else {
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    await migrate(handle.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  }
}

type Holder = { handle?: Promise<DbHandle> };
const holder: Holder = ((globalThis as { __bookingDb?: Holder }).__bookingDb ??= {});

/** The app's one database handle, opened and migrated on first use. */
export function getDbHandle(): Promise<DbHandle> {
  holder.handle ??= (async () => {
    const config = getConfig();
    const handle = await openDb(config.databaseUrl ? { url: config.databaseUrl } : { dataDir: path.join(config.dataDir, "pglite") });
    await migrateDb(handle);
    return handle;
  })();
  return holder.handle;
}

export async function getDb(): Promise<Db> {
  return (await getDbHandle()).db;
}

/** Tests point the app at their own database. */
export function setDbForTesting(handle: DbHandle | undefined): void {
  holder.handle = handle ? Promise.resolve(handle) : undefined;
}

export async function closeDb(): Promise<void> {
  const handle = holder.handle;
  holder.handle = undefined;
  if (handle) await (await handle).close();
}
