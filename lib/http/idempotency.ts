import { and, eq, lte, sql } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { idempotencyKeys } from "@/lib/db/schema";
import { conflict, DomainError, validationFailed } from "@/lib/errors";
import { sha256Hex } from "@/lib/secrets/tokens";

export const IDEMPOTENCY_TTL_HOURS = 24;
/** How long a crashed first request keeps its key locked before another may take it. */
const LOCK_TTL_MS = 60_000;
const HEADER = "idempotency-key";

export type StoredResponse = { status: number; body: unknown };

export function readIdempotencyKey(request: Request): string | undefined {
  const key = request.headers.get(HEADER);
  if (key === null) return undefined;
  if (key.length === 0 || key.length > 255) throw validationFailed("Idempotency-Key", "Idempotency-Key must be 1 to 255 characters.");
  return key;
}

/**
 * Runs `execute` at most once per (workspace, key, body) for 24 hours: a repeat replays the
 * stored 2xx; another body under the same key is refused; a simultaneous repeat is refused
 * with 409 while the first runs (it does not replay). Non-2xx answers are not stored.
 */
export async function withIdempotency(
  db: Queryable,
  scope: { workspaceId: string; key: string; fingerprint: string; now: Date },
  execute: () => Promise<StoredResponse>,
): Promise<StoredResponse & { replayed: boolean }> {
  const { workspaceId, key, now } = scope;
  const requestHash = sha256Hex(scope.fingerprint);
  const where = and(eq(idempotencyKeys.workspaceId, workspaceId), eq(idempotencyKeys.key, key));
  // Take the key, or take it over from an expired record or a crashed request's stale lock.
  const taken = await db
    .insert(idempotencyKeys)
    .values({ workspaceId, key, requestHash, lockedUntil: new Date(now.getTime() + LOCK_TTL_MS), expiresAt: expiry(now) })
    .onConflictDoUpdate({
      target: [idempotencyKeys.workspaceId, idempotencyKeys.key],
      set: {
        requestHash,
        responseStatus: null,
        responseBody: null,
        lockedUntil: new Date(now.getTime() + LOCK_TTL_MS),
        expiresAt: expiry(now),
        createdAt: now,
      },
      setWhere: sql`${idempotencyKeys.expiresAt} <= ${now.toISOString()}::timestamptz OR (${idempotencyKeys.responseStatus} IS NULL AND ${idempotencyKeys.lockedUntil} <= ${now.toISOString()}::timestamptz)`,
    })
    .returning({ key: idempotencyKeys.key });

  if (taken.length === 0) {
    const [existing] = await db.select().from(idempotencyKeys).where(where);
    if (!existing) throw new DomainError("transient_failure", "The Idempotency-Key changed hands; retry the request.");
    if (existing.requestHash !== requestHash) {
      throw new DomainError("idempotency_mismatch", "This Idempotency-Key was used with a different request body.");
    }
    if (existing.responseStatus === null) {
      throw conflict("A request with this Idempotency-Key is still in progress.");
    }
    return { status: existing.responseStatus, body: existing.responseBody, replayed: true };
  }

  let response: StoredResponse;
  try {
    response = await execute();
  } catch (error) {
    await db.delete(idempotencyKeys).where(and(where, sql`${idempotencyKeys.responseStatus} IS NULL`));
    throw error;
  }
  if (response.status >= 200 && response.status < 300) {
    await db.update(idempotencyKeys).set({ responseStatus: response.status, responseBody: response.body }).where(where);
  } else {
    await db.delete(idempotencyKeys).where(where);
  }
  return { ...response, replayed: false };
}

function expiry(now: Date): Date {
  return new Date(now.getTime() + IDEMPOTENCY_TTL_HOURS * 3_600_000);
}

export async function purgeExpiredIdempotencyKeys(db: Queryable, now: Date): Promise<number> {
  const deleted = await db.delete(idempotencyKeys).where(lte(idempotencyKeys.expiresAt, now)).returning({ key: idempotencyKeys.key });
  return deleted.length;
}
