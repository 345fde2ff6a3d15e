import type { DbHandle } from "@/lib/db/client";

/**
 * This test file's database, as the setup file (./setup-file.ts) opened it. It lives in a module
 * of its own so that every helper reads the current file's database: vitest runs the setup file
 * again for each test file, while the helpers that import from it are loaded once per worker.
 */
export const testDb: { handle?: DbHandle; url?: string } = {};

export function currentDb(): DbHandle {
  if (!testDb.handle) throw new Error("test database not open");
  return testDb.handle;
}

/** On PostgreSQL, the address of this file's database (for a test that opens a pool of its own). */
export function currentDatabaseUrl(): string | undefined {
  return testDb.url;
}
