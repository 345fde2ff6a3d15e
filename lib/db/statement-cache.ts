import type { PGlite, QueryOptions, Results, Transaction } from "@electric-sql/pglite";
import type { Sql } from "postgres";

/**
 * The statement cache PGlite lacks. A query through PGlite's `query` is parsed, described,
 * bound and executed inside WebAssembly on every call: four protocol messages, each a call
 * into the database, and a parse, analysis and plan of the text each time. A create runs
 * about fifteen statements, and on the embedded database that was half of its cost.
 * postgres.js and the PostgreSQL server keep named statements; this does the same for PGlite,
 * below drizzle, for every statement at once:
 *
 * - the first time a text is seen it is PREPAREd under a name derived from the order of first
 *   sight, and its parameter types are read from `pg_prepared_statements`;
 * - every later call is one `EXECUTE name('…', …)` in the simple protocol, each value written
 *   by PGlite's own serializer for its parameter's type (as the `query` path does) and
 *   quoted as a literal of unknown type, which PostgreSQL converts exactly as it converts a
 *   bound text parameter;
 * - rows come back through the same parsers and row mode.
 *
 * Only plain SELECT, INSERT, UPDATE, DELETE and WITH statements are kept; the rest (BEGIN,
 * SAVEPOINT, DDL, migrations), a call with options beyond rows and parsers, a value with a NUL
 * byte, and every text past MAX_STATEMENTS take PGlite's own path. A name is never dropped, so
 * no call can find its statement gone; the cap bounds the memory (texts differ only by code
 * path and by the length of IN lists). PGlite has one session, shared by every transaction,
 * so a statement prepared once serves everywhere. statement-cache.test.ts compares both paths.
 */
const MAX_STATEMENTS = 400;

/**
 * The types drizzle reads as PostgreSQL's text (it parses them itself): timestamp,
 * timestamptz, interval, date and the arrays of these and of numeric. Drizzle asks for them
 * with identity parsers on every query, and PGlite merges those into its 300-odd parsers per
 * result (40 µs a query). The instance reads them as text itself instead, and such a query's
 * parsers are left out.
 */
const TEXT_TYPES = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];
const KEPT = /^\s*(select|insert|update|delete|with)\b/i;

type Statement = { state: "preparing" } | { state: "ready"; name: string; parameterTypes: number[] };
type Runner = Pick<Transaction, "query" | "exec">;

export function withStatementCache(client: PGlite): PGlite {
  const statements = new Map<string, Statement>();
  const serializers = client.serializers;
  let named = 0;
  for (const type of TEXT_TYPES) client.parsers[type] = (value: string) => value;

  const cachedQuery =
    (runner: Runner) =>
    async <T>(text: string, params: unknown[] = [], given?: QueryOptions): Promise<Results<T>> => {
      const options = withoutTextParsers(given);
      const statement = statements.get(text);
      if (statement?.state === "ready") {
        const literals = toLiterals(statement.parameterTypes, params, serializers, options);
        if (literals !== null) return onlyResult<T>(await runner.exec(`EXECUTE ${statement.name}${literals}`, options));
      } else if (statement === undefined && statements.size < MAX_STATEMENTS && KEPT.test(text) && usesOnlyRowOptions(options)) {
        // Prepared by this call, in its own context (a transaction's, when inside one): a call
        // elsewhere that meets the text meanwhile takes the plain path instead of waiting,
        // so a transaction never waits for a statement queued behind itself.
        statements.set(text, { state: "preparing" });
        const name = `kept_${++named}`;
        try {
          const [prepared] = await runner
            .exec(`PREPARE ${name} AS ${text}`)
            .then(() =>
              runner.query<{ types: number[] | string }>(`SELECT parameter_types::oid[] AS types FROM pg_prepared_statements WHERE name = $1`, [name]),
            )
            .then((result) => result.rows);
          statements.set(text, { state: "ready", name, parameterTypes: toNumbers(prepared?.types ?? []) });
        } catch (error) {
          // The text does not prepare (the error is the one its plain run would give) or the
          // transaction has already failed.
          statements.delete(text);
          throw error;
        }
        return cachedQuery(runner)<T>(text, params, options);
      }
      return runner.query<T>(text, params, options);
    };

  const transaction = <T>(callback: (tx: Transaction) => Promise<T>): Promise<T> =>
    client.transaction((tx) => callback(Object.assign(Object.create(tx) as Transaction, { query: cachedQuery(tx) })));

  const query = cachedQuery(client);
  return new Proxy(client, {
    get(target, property) {
      if (property === "query") return query;
      if (property === "transaction") return transaction;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** The options without their parsers when these only ask for TEXT_TYPES as text. */
function withoutTextParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  if (!options?.parsers) return options;
  for (const type of Object.keys(options.parsers)) if (!TEXT_TYPES.includes(Number(type))) return options;
  const { parsers: _textOnly, ...rest } = options;
  return rest;
}

function usesOnlyRowOptions(options: QueryOptions | undefined): boolean {
  return options === undefined || Object.keys(options).every((key) => key === "rowMode" || key === "parsers");
}

/** `(literal, …)` for EXECUTE, or "" with no parameters; null when a value cannot be a literal. */
function toLiterals(types: number[], params: unknown[], serializers: Record<number, (value: unknown) => string>, options?: QueryOptions): string | null {
  if (params.length !== types.length) return null;
  const literals: string[] = [];
  for (const [i, value] of params.entries()) {
    if (value === null || value === undefined) {
      literals.push("NULL");
      continue;
    }
    const type = types[i] ?? 0;
    const serialize = options?.serializers?.[type] ?? serializers[type];
    const text = serialize ? serialize(value) : String(value);
    if (typeof text !== "string" || text.includes("\0")) return null;
    literals.push(`'${text.replaceAll("'", "''")}'`);
  }
  return literals.length === 0 ? "" : `(${literals.join(", ")})`;
}

function onlyResult<T>(results: Results[]): Results<T> {
  const result = results.at(-1);
  if (!result) throw new Error("EXECUTE gave no result.");
  return result as Results<T>;
}

/** oid[] as PGlite returns it: an array of numbers, or PostgreSQL's text form `{23,25}`. */
function toNumbers(types: number[] | string): number[] {
  if (Array.isArray(types)) return types.map(Number);
  const inner = types.replace(/^\{|\}$/g, "");
  return inner === "" ? [] : inner.split(",").map(Number);
}

/**
 * The same on PostgreSQL: postgres.js keeps a named statement per connection for every query
 * it is asked to prepare, and the server then parses and plans it once; drizzle asks that only
 * of `.prepare()`d queries and sends every other statement unnamed, parsed and planned again
 * each time (most of the server's CPU in a create). Here every kept statement (as above: plain
 * DML, at most MAX_STATEMENTS distinct texts) is sent prepared, also inside transactions and
 * savepoints. POST /v1/bookings on PostgreSQL went from about 0.084 to 0.115 of the floor.
 */
export function withPreparedStatements(client: Sql, prepare = true): Sql {
  const texts = new Set<string>();
  const keep = (text: string) => {
    // Behind a pooler in transaction mode (`?prepare=false`, docs/deploy.md) nothing is named,
    // not even drizzle's `.prepare()`d queries: the next execution may meet another server connection.
    if (!prepare) return false;
    if (texts.has(text)) return true;
    if (texts.size >= MAX_STATEMENTS || !KEPT.test(text)) return false;
    texts.add(text);
    return true;
  };
  const wrap = (sql: Sql): Sql =>
    new Proxy(sql, {
      get(target, property) {
        if (property === "unsafe") {
          return (text: string, params?: unknown[], options?: { prepare?: boolean }) =>
            target.unsafe(text, params as never, { ...options, prepare: prepare && (options?.prepare === true || keep(text)) });
        }
        if (property === "begin" || property === "savepoint") {
          const open = Reflect.get(target, property, target) as (...args: unknown[]) => Promise<unknown>;
          return (...args: unknown[]) => {
            const callback = args.at(-1) as (inner: Sql) => unknown;
            return open.apply(target, [...args.slice(0, -1), (inner: Sql) => callback(wrap(inner))]);
          };
        }
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  return wrap(client);
}
