import { sql } from "drizzle-orm";
import { mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { migrateDb, openDb } from "@/lib/db/client";

declare module "vitest" {
  export interface ProvidedContext {
    /** Embedded: a tar of a migrated PGlite data dir that each test file clones. */
    pgTemplateFile: string;
    /** Real PostgreSQL: the migrated template database each test file copies. */
    pgTemplateDatabase: string;
  }
}

/**
 * Builds the test database once with the production migrations; every test file then gets
 * its own copy (PGlite clone, or CREATE DATABASE … TEMPLATE on real PostgreSQL).
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = `${databasePrefix(url)}_tpl_${process.pid}`;
    // Behind a pooler (DATABASE_URL a pooler's, DATABASE_MIGRATION_URL direct, docs/deploy.md) the
    // template is made and migrated directly: a pooler keeps idle connections to it, and a
    // database with connections cannot be copied.
    const admin = await openDb({ url: process.env.DATABASE_MIGRATION_URL || url, maxConnections: 1 });
    await admin.db.execute(sql.raw(`DROP DATABASE IF EXISTS ${template}`));
    await admin.db.execute(sql.raw(`CREATE DATABASE ${template}`));
    const handle = await openDb({ url: withDatabase(process.env.DATABASE_MIGRATION_URL || url, template), maxConnections: 1 });
    await migrateDb(handle);
    await handle.close();
    project.provide("pgTemplateDatabase", template);
    project.provide("pgTemplateFile", "");
    return async () => {
      await admin.db.execute(sql.raw(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`));
      await admin.close();
    };
  }
  const handle = await openDb({});
  await migrateDb(handle);
  const client = (handle.db as unknown as { $client: { dumpDataDir: (c: "none") => Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir("none");
  const dir = await mkdtemp(path.join(os.tmpdir(), "booking-pg-"));
  const file = path.join(dir, "template.tar");
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide("pgTemplateFile", file);
  project.provide("pgTemplateDatabase", "");
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** The prefix of the databases a run creates: DATABASE_URL's own name, so a shared server keeps each user's apart. */
export function databasePrefix(url: string): string {
  return new URL(url).pathname.slice(1) || "booking";
}
