import { sql } from "drizzle-orm";
import { readFile } from "node:fs/promises";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, inject } from "vitest";
import { setConfigForTesting } from "@/lib/config";
import { openDb, setDbForTesting, type DbHandle } from "@/lib/db/client";
import { setClockOffset } from "@/lib/time/clock";
import { databasePrefix, withDatabase } from "./global-setup";
import { testDb } from "./test-db";

/**
 * Every test file gets its own database (a copy of the migrated template), so the dev clock
 * and background work of one file never touch another. Tests inside a file each create
 * their own workspace; the clock is reset before each test.
 */
let admin: DbHandle | undefined;
let databaseName: string | undefined;

beforeAll(async () => {
  const url = process.env.DATABASE_URL;
  if (url) {
    databaseName = `${databasePrefix(url)}_t_${randomUUID().replaceAll("-", "").slice(0, 16)}`;
    admin = await openDb({ url: process.env.DATABASE_MIGRATION_URL || url, maxConnections: 1 });
    await admin.db.execute(sql.raw(`CREATE DATABASE ${databaseName} TEMPLATE ${inject("pgTemplateDatabase")}`));
    testDb.url = withDatabase(url, databaseName);
    testDb.handle = await openDb({ url: testDb.url, maxConnections: 20 });
  } else {
    const blob = new Blob([await readFile(inject("pgTemplateFile"))]);
    testDb.handle = await openDb({ loadDataDir: blob });
  }
  setDbForTesting(testDb.handle);
});

beforeEach(async () => {
  setConfigForTesting(undefined);
  if (testDb.handle) await setClockOffset(testDb.handle.db, 0);
});

afterAll(async () => {
  setDbForTesting(undefined);
  const handle = testDb.handle;
  testDb.handle = undefined;
  testDb.url = undefined;
  await handle?.close();
  if (admin && databaseName) {
    await admin.db.execute(sql.raw(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`));
    await admin.close();
  }
});
