import type { DbHandle } from "@/lib/db/client";

/**
 * This test file's database, as the setup file (./setup-file.ts) opened it, for the helpers and
 * tests to read. It lives in a module of its own, which registers no hooks: vitest runs the setup
 * file again for each test file, while a worker loads the helpers once for all its files.
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
