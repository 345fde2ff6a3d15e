import path from "node:path";
import { getConfig } from "@/lib/config";
import { migrateWith, openDb, setDbForTesting, type DbHandle } from "@/lib/db/client";

/** The app's database for a command-line process: same settings, same migrations as the app. */
export async function openAppDb(): Promise<DbHandle> {
  const config = getConfig();
  const handle = await openDb(config.databaseUrl ? { url: config.databaseUrl, maxConnections: 2 } : { dataDir: path.join(config.dataDir, "pglite") });
  await migrateWith(handle, config.migrationUrl);
  // Domain code that reaches for the app's handle gets this one.
  setDbForTesting(handle);
  return handle;
}
