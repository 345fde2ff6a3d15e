import { sql } from "drizzle-orm";
import { isDraining } from "./lifecycle";
import { getDbHandle, MIGRATIONS_FOLDER, type DbHandle } from "@/lib/db/client";

/**
 * GET /healthz and GET /readyz (docs/deploy.md): the first says the process is up and
 * answering; the second that this instance should receive traffic: not shutting down, the
 * database reachable within READY_TIMEOUT_MS and every migration of this build applied.
 * Neither is rate limited nor logged at info.
 */
export type Readiness = { ready: boolean; checks: { database: "ok" | "unreachable"; migrations: "ok" | "pending" | "unknown"; shutting_down: boolean } };

/** Within the 2 s a balancer's probe may wait (docs/deploy.md): a database that does not answer by then is "unreachable". */
const READY_TIMEOUT_MS = 1_500;

export { isDraining, setDraining } from "./lifecycle";

let newestMigration: number | undefined;

async function newestMigrationMillis(): Promise<number> {
  if (newestMigration === undefined) {
    const { readMigrationFiles } = await import("drizzle-orm/migrator");
    newestMigration = Math.max(...readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).map((migration) => migration.folderMillis));
  }
  return newestMigration;
}

export async function readiness(): Promise<Readiness> {
  const shutting_down = isDraining();
  const probe = (async () => {
    const handle: DbHandle = await getDbHandle();
    const result = await handle.db.execute(sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`);
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { newest: string | null }[];
    return Number(rows[0]?.newest ?? 0) >= (await newestMigrationMillis());
  })();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), READY_TIMEOUT_MS);
  });
  type Outcome = "ok" | "pending" | "unreachable" | "timeout";
  const checked = probe.then(
    (applied): Outcome => (applied ? "ok" : "pending"),
    (): Outcome => "unreachable",
  );
  const outcome: Outcome = await Promise.race([checked, timeout]).finally(() => clearTimeout(timer));
  // A database still opening or migrating at start counts as not ready yet.
  const database = outcome === "unreachable" || outcome === "timeout" ? "unreachable" : "ok";
  const migrations = outcome === "ok" ? "ok" : outcome === "pending" ? "pending" : "unknown";
  return { ready: !shutting_down && outcome === "ok", checks: { database, migrations, shutting_down } };
}
