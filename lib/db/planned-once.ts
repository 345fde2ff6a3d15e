import { is } from "drizzle-orm";
import { PglitePreparedQuery } from "drizzle-orm/pglite";
import type { QueryOptions, Results } from "@electric-sql/pglite";
import type { Db } from "./client";

/**
 * A prepared query that the embedded database plans once. Drizzle's `.prepare()` builds the
 * SQL once; on PostgreSQL, postgres.js also keeps a named server-side statement, so the server
 * parses and plans it once per connection. PGlite has no such cache: every call would parse
 * and plan again inside WebAssembly, and send the extended protocol's four messages (about
 * 0.65 ms for the authentication statement, most of a cheap request's cost). Here the
 * statement is PREPAREd once in PGlite's one session and each call is an EXECUTE in the simple
 * protocol (about 0.27 ms). Results are parsed and mapped exactly as drizzle's own path does
 * (same row mode and parsers). planned-once.test.ts compares both paths.
 *
 * Parameters travel as SQL literals (EXECUTE takes no bind parameters): strings, quoted with
 * standard_conforming_strings' rules, finite numbers, booleans and null; anything else is refused.
 */
type PgliteClient = { exec(query: string, options?: QueryOptions): Promise<Results[]> };

export function plannedOnce<Q>(query: Q, name: string): Q {
  if (!is(query, PglitePreparedQuery)) return query;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a statement name: ${name}`);
  const internals = query as unknown as { client: PgliteClient };
  const client = internals.client;
  let prepared: Promise<void> | undefined;
  internals.client = {
    ...client,
    query: async (text: string, params: unknown[], options?: QueryOptions): Promise<Results> => {
      prepared ??= client.exec(`PREPARE ${name} AS ${text}`).then(
        () => undefined,
        (error: unknown) => {
          // Prepared already in this session (another handle on the same database): the same text.
          if ((error as { code?: string }).code === DUPLICATE_PREPARED_STATEMENT) return;
          prepared = undefined;
          throw error;
        },
      );
      await prepared;
      const results = await client.exec(`EXECUTE ${name}(${params.map(toLiteral).join(", ")})`, options);
      const result = results.at(-1);
      if (!result) throw new Error(`EXECUTE ${name} gave no result.`);
      return result;
    },
  } as unknown as PgliteClient;
  return query;
}

const DUPLICATE_PREPARED_STATEMENT = "42P05";

function toLiteral(value: unknown): string {
  if (typeof value === "string" && !value.includes("\0")) return `'${value.replaceAll("'", "''")}'`;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "boolean") return String(value);
  if (value === null) return "NULL";
  throw new Error("plannedOnce takes string, number, boolean and null parameters only.");
}

/**
 * Statements built once per database handle: `build` runs on a handle's first call and its
 * result is kept as long as the handle lives.
 */
export function oncePerHandle<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statements = built.get(db);
    if (statements === undefined) built.set(db, (statements = build(db)));
    return statements;
  };
}
