import { ConfigError } from "@/lib/config";
import { EmbeddedDatabaseInUseError } from "@/lib/db/embedded-lock";
import { openAppDb } from "@/lib/cli/open-app-db";

// `npm run db:migrate` – applies the migrations in drizzle/ to the configured database
openAppDb()
  .then(async (handle) => {
    await handle.close();
    console.log(`Migrations applied (${handle.driver}).`);
  })
  .catch((error: unknown) => {
    const known = error instanceof ConfigError || error instanceof EmbeddedDatabaseInUseError;
    console.error(known ? (error as Error).message : error);
    process.exit(1);
  });
