import { and, eq, gt, sql } from "drizzle-orm";
import type { Queryable, Tx } from "@/lib/db/client";
import { idempotencyKeys, type IdempotencyKeyRow } from "@/lib/db/schema";
import type { IdempotencyRecorder } from "@/lib/db/transaction";
import { DomainError, validationFailed } from "@/lib/errors";
import { sha256Hex } from "@/lib/secrets/tokens";

export const IDEMPOTENCY_TTL_HOURS = 24;
const HEADER = "idempotency-key";

export type StoredResponse = { status: number; body: unknown };

export function readIdempotencyKey(request: Request): string | undefined {
  const key = request.headers.get(HEADER);
  if (key === null) return undefined;
  if (key.length === 0 || key.length > 255) throw validationFailed("Idempotency-Key", "Idempotency-Key must be 1 to 255 characters.");
  return key;
}

type Scope = { workspaceId: string; key: string; fingerprint: string; now: Date };

export type IdempotentWork = {
  /** Runs the request; its writes go through withTransaction with `recorder` on the context. */
  execute: (recorder: IdempotencyRecorder) => Promise<StoredResponse>;
  /** The answer again, from the record the committed work wrote or changed (its id). */
  resume: (resourceId: string) => Promise<StoredResponse>;
};

/**
 * Runs a request at most once per (workspace, key, body) for 24 hours (docs/idempotency.md).
 * The key's row is written by the work's own transaction, just before it commits, so after any
 * crash the key is either recorded with the work or absent with it. A repeat replays the stored
 * 2xx, or, when the process died between the commit and storing the answer, answers again from
 * the record the work wrote. A simultaneous repeat waits on the first one's row (or loses to
 * its booking) and then replays it. Another body under the same key is refused.
 */
export async function withIdempotency(db: Queryable, scope: Scope, work: IdempotentWork): Promise<StoredResponse & { replayed: boolean }> {
  const requestHash = sha256Hex(scope.fingerprint);
  const recorded = await findRecord(db, scope);
  if (recorded) return answerAgain(db, scope, recorded, requestHash, work);

  const recorder = newRecorder(scope, requestHash);
  let response: StoredResponse;
  try {
    response = await work.execute(recorder);
  } catch (error) {
    // The work may have lost to a simultaneous first attempt with this key: its check, the
    // slot's constraint or the key's row met that attempt's writes. If it committed, answer as it did.
    const first = await findRecord(db, scope);
    if (first) return answerAgain(db, scope, first, requestHash, work);
    throw error;
  }
  if (response.status < 200 || response.status >= 300) return { ...response, replayed: false };
  if (recorder.resourceId === undefined) {
    // Work that wrote nothing to record (no transaction): its answer is the record. It takes the
    // place of an expired row the sweep has not deleted yet, as the recorder's row does.
    const values = {
      ...keyOf(scope),
      requestHash,
      resourceId: null,
      responseStatus: response.status,
      responseBody: response.body,
      expiresAt: expiry(scope.now),
      createdAt: scope.now,
    };
    await db
      .insert(idempotencyKeys)
      .values(values)
      .onConflictDoUpdate({ target: [idempotencyKeys.workspaceId, idempotencyKeys.key], set: values, setWhere: replaceable(scope) });
    return { ...response, replayed: false };
  }
  await storeAnswer(db, scope, response);
  return { ...response, replayed: false };
}

/** What the work's transaction calls just before its commit (lib/db/transaction.ts). */
function newRecorder(scope: Scope, requestHash: string): IdempotencyRecorder & { resourceId?: string } {
  let pending: string | undefined;
  const recorder: IdempotencyRecorder & { resourceId?: string } = {
    async record(tx: Tx, outcome: unknown) {
      const resourceId = idOf(outcome);
      // Once per request, and only for a transaction that wrote a record (a refusal returns none).
      pending = undefined;
      if (recorder.resourceId !== undefined || resourceId === undefined) return;
      const values = { ...keyOf(scope), requestHash, resourceId, responseStatus: null, responseBody: null, expiresAt: expiry(scope.now), createdAt: scope.now };
      // A live row of another attempt makes this insert wait for that attempt's transaction;
      // once it has committed, nothing is returned and this transaction is rolled back.
      const [taken] = await tx
        .insert(idempotencyKeys)
        .values(values)
        .onConflictDoUpdate({
          target: [idempotencyKeys.workspaceId, idempotencyKeys.key],
          set: values,
          setWhere: replaceable(scope),
        })
        .returning({ key: idempotencyKeys.key });
      if (!taken) throw new KeyRecordedMeanwhile();
      pending = resourceId;
    },
    committed() {
      if (pending !== undefined && recorder.resourceId === undefined) recorder.resourceId = pending;
      pending = undefined;
    },
  };
  return recorder;
}

/** Another attempt with this key committed first: this one's work is undone and the first is answered. */
class KeyRecordedMeanwhile extends DomainError {
  constructor() {
    super("transient_failure", "Another request with this Idempotency-Key committed first; retry the request.");
  }
}

async function answerAgain(
  db: Queryable,
  scope: Scope,
  row: IdempotencyKeyRow,
  requestHash: string,
  work: IdempotentWork,
): Promise<StoredResponse & { replayed: true }> {
  if (row.requestHash !== requestHash) {
    throw new DomainError("idempotency_mismatch", "This Idempotency-Key was used with a different request body.");
  }
  if (row.responseStatus !== null) return { status: row.responseStatus, body: row.responseBody, replayed: true };
  // The work committed but its answer was never stored (the process died in between, or the
  // first attempt is storing it right now): answer from what it wrote, and store that.
  // (findRecord returns no row that has neither.)
  if (row.resourceId === null) throw new KeyRecordedMeanwhile();
  const response = await work.resume(row.resourceId);
  const stored = await storeAnswer(db, scope, response);
  return { ...(stored ?? response), replayed: true };
}

/** Stores the answer once; a concurrent store that came first wins, and its answer is returned. */
async function storeAnswer(db: Queryable, scope: Scope, response: StoredResponse): Promise<StoredResponse | undefined> {
  const updated = await db
    .update(idempotencyKeys)
    .set({ responseStatus: response.status, responseBody: response.body })
    .where(and(whereKey(scope), sql`${idempotencyKeys.responseStatus} IS NULL`))
    .returning({ key: idempotencyKeys.key });
  if (updated.length > 0) return undefined;
  const row = await findRecord(db, scope);
  return row?.responseStatus != null ? { status: row.responseStatus, body: row.responseBody } : undefined;
}

/** A live record of a committed attempt (a row from before this design without work behind it is none). */
async function findRecord(db: Queryable, scope: Scope): Promise<IdempotencyKeyRow | undefined> {
  const [row] = await db
    .select()
    .from(idempotencyKeys)
    .where(and(whereKey(scope), gt(idempotencyKeys.expiresAt, scope.now)));
  if (!row || (row.responseStatus === null && row.resourceId === null)) return undefined;
  return row;
}

/** A row a new attempt may take over: expired (not yet purged), or from before this design with no work behind it. */
const replaceable = (scope: Scope) =>
  sql`${idempotencyKeys.expiresAt} <= ${scope.now.toISOString()}::timestamptz OR (${idempotencyKeys.responseStatus} IS NULL AND ${idempotencyKeys.resourceId} IS NULL)`;
const keyOf = (scope: Scope) => ({ workspaceId: scope.workspaceId, key: scope.key });
const whereKey = (scope: Scope) => and(eq(idempotencyKeys.workspaceId, scope.workspaceId), eq(idempotencyKeys.key, scope.key));

function idOf(outcome: unknown): string | undefined {
  const id = typeof outcome === "object" && outcome !== null ? (outcome as { id?: unknown }).id : undefined;
  return typeof id === "string" ? id : undefined;
}

function expiry(now: Date): Date {
  return new Date(now.getTime() + IDEMPOTENCY_TTL_HOURS * 3_600_000);
}
