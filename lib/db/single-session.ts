import { entityKind } from "drizzle-orm";
import type { Queryable } from "./client";

/**
 * Whether `db` (a handle, a transaction or a savepoint) is on the embedded database. PGlite is
 * one session, and runs a transaction alone: no other statement runs until it ends (PGlite's
 * own mutex). A lock taken there is never contended, so it can be left out. Drizzle opens a
 * session object per transaction; its class names the driver.
 */
export function isSingleSession(db: Queryable): boolean {
  const session = (db as unknown as { session?: { constructor: { [entityKind]?: string } } }).session;
  return session?.constructor[entityKind] === "PgliteSession";
}
