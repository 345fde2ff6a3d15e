/**
 * PostgreSQL error details, read the same way from either driver. Drizzle wraps driver errors
 * (the SQLSTATE sits on `cause`); PGlite names the constraint `constraint`, postgres.js
 * `constraint_name`.
 */
export type PgErrorInfo = { code: string; constraint: string | undefined };

export const PG_UNIQUE_VIOLATION = "23505";
export const PG_EXCLUSION_VIOLATION = "23P01";
export const PG_CHECK_VIOLATION = "23514";
export const PG_FOREIGN_KEY_VIOLATION = "23503";
export const PG_SERIALIZATION_FAILURE = "40001";
export const PG_DEADLOCK_DETECTED = "40P01";
/** A value the database encoding cannot hold (U+0000 in text). */
export const PG_CHARACTER_NOT_IN_REPERTOIRE = "22021";

export function readPgError(error: unknown): PgErrorInfo | undefined {
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    const candidate = current as { code?: unknown; constraint?: unknown; constraint_name?: unknown; cause?: unknown };
    if (typeof candidate.code === "string" && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      const constraint = candidate.constraint ?? candidate.constraint_name;
      return { code: candidate.code, constraint: typeof constraint === "string" ? constraint : undefined };
    }
    current = candidate.cause;
  }
  return undefined;
}

export function isPgError(error: unknown, code: string, constraint?: string): boolean {
  const info = readPgError(error);
  return info !== undefined && info.code === code && (constraint === undefined || info.constraint === constraint);
}

/**
 * The database could not do the work at all, through no fault of the request: a connection
 * refused, lost or exhausted (SQLSTATE classes 08, 53, 57P and postgres.js's own connection
 * errors, and the connection gate's refusal while the database does not answer), or a statement a pooler lost (26000 `prepared statement does not exist`). Worth a
 * retry; never a client error, never an "unauthorized".
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const info = readPgError(error);
  if (info) return /^(08|53|57P)/.test(info.code) || info.code === "26000";
  for (let current: unknown = error, depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (
      typeof code === "string" &&
      /^(DATABASE_UNREACHABLE|CONNECT_TIMEOUT|CONNECTION_(CLOSED|DESTROYED|ENDED)|ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND|EAI_AGAIN)$/.test(code)
    )
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
