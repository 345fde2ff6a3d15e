import path from "node:path";
import { getConfig } from "@/lib/config";
import type { Db } from "@/lib/db/client";
import { DEMO_OWNER_EMAIL, ensureDemoWorkspace } from "./demo";
import { mintSignInLink } from "@/lib/members/sign-in";
import { systemClock } from "@/lib/time/clock";

/**
 * What `npm start` prints once the database is migrated: where the data lives, and the demo
 * workspace (seeded on the first start) with its booking page, docs and keys. In production
 * (NODE_ENV=production or a DATABASE_URL) nothing is seeded and no key is printed unless
 * SEED_DEMO asks for it (docs/deploy.md). Every URL is the configured app URL's.
 */
export async function prepareAndDescribe(db: Db): Promise<string> {
  const config = getConfig();
  const database = `Database: ${config.isEmbedded ? `embedded PostgreSQL (PGlite) in ${path.join(config.dataDir, "pglite")}` : "PostgreSQL (DATABASE_URL)"}, migrated.`;
  if (!config.seedDemo) {
    const lines = [database, `Serving ${config.appUrl} (docs ${config.appUrl}/docs, OpenAPI ${config.appUrl}/v1/openapi.json).`];
    if (config.devTools) lines.push(DEV_TOOLS_WARNING);
    return lines.join("\n");
  }
  const demo = await ensureDemoWorkspace(db);
  const lines = [
    database,
    `Demo workspace "${demo.slug}"${demo.created ? " created" : ""}:`,
    `  booking page     ${demo.booking_page_url}`,
    `  docs             ${config.appUrl}/docs (quickstart: ${config.appUrl}/docs/quickstart)`,
    `  OpenAPI          ${demo.openapi_url}`,
    `  publishable key  ${demo.publishable_key ?? "(none)"}`,
    `  secret key       ${demo.secret_key ?? "(shown when it was created)"}`,
    `  account key      ${demo.account_key ?? "(shown when it was created)"}`,
  ];
  if (config.devTools) {
    // docs/console.md#sign-in: a one-time link for the demo owner, only with dev tools on.
    const link = await mintSignInLink(db, DEMO_OWNER_EMAIL, systemClock.now(), config.appUrl);
    lines.push(`  console          ${config.appUrl}/console (sign in as ${DEMO_OWNER_EMAIL}: ${link}, once, within 15 minutes)`);
    lines.push(DEV_TOOLS_WARNING);
  }
  return lines.join("\n");
}

const DEV_TOOLS_WARNING = "Warning: dev tools are ON (/dev/outbox, /dev/clock, /dev/jobs/run). Never expose them in production.";
