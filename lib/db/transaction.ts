import { is } from "drizzle-orm";
import { PgTransaction } from "drizzle-orm/pg-core";
import type { AfterCommitEffect } from "./after-commit-effects";
import type { Queryable, Tx } from "./client";

export type AfterCommitAnnouncer = (effects: AfterCommitEffect[]) => Promise<void>;

/**
 * Who hears about committed effects: set once at start by lib/context.ts (the background
 * driver, lib/jobs/announce-effects.ts). lib/db never imports lib/jobs, so the lowest layer
 * does not load the Inngest client. Until one is set, effects are dropped: every kind of work
 * has a sweep that finds its committed rows anyway.
 */
let announcer: AfterCommitAnnouncer | undefined;

export function setAfterCommitAnnouncer(next: AfterCommitAnnouncer): void {
  announcer = next;
}

async function announceEffects(effects: AfterCommitEffect[]): Promise<void> {
  if (effects.length > 0 && announcer) await announcer(effects);
}

/**
 * The record of an idempotent request (an Idempotency-Key), written by the transport: the
 * outermost transaction of the work hands it the row it returns just before it commits, so the
 * key commits with the work or not at all (see docs/idempotency.md). Once a transaction that
 * recorded it has committed, a later one of the same request (after-commit work) records nothing.
 */
export type IdempotencyRecorder = CommitRecorder;

/**
 * A row that must commit with the work, written by the work's outermost transaction just before
 * it commits (`record`), told when that transaction has committed (`committed`): an
 * Idempotency-Key's record, and the write's audit row (docs/console.md#audit-log).
 */
export type CommitRecorder = { record(tx: Tx, outcome: unknown): Promise<void>; committed(): void };

/** The effects each open transaction (or savepoint) has recorded, until it settles. */
const pendingEffects = new WeakMap<Queryable, AfterCommitEffect[]>();

/**
 * The one way to run a write: in the caller's transaction when `ctx.db` already is one
 * (a verb called by another verb), else in a new one. The effects recorded on it are
 * announced once, after the outermost transaction commits; a rollback drops them. A request
 * sent with an Idempotency-Key carries `ctx.idempotency`, and an audited write `ctx.audit`: their
 * rows are written last, in here, so they commit with the work or not at all.
 */
export async function withTransaction<T>(
  ctx: { db: Queryable; idempotency?: IdempotencyRecorder; audit?: CommitRecorder },
  run: (tx: Tx) => Promise<T>,
): Promise<T> {
  if (pendingEffects.has(ctx.db)) return run(ctx.db as Tx);
  // Inside a transaction opened some other way, effects would be announced before its commit.
  if (is(ctx.db, PgTransaction)) throw new Error("withTransaction: the outer transaction was not opened with withTransaction");
  const effects: AfterCommitEffect[] = [];
  const result = await ctx.db.transaction(async (tx) => {
    pendingEffects.set(tx, effects);
    const outcome = await run(tx);
    if (ctx.audit) await ctx.audit.record(tx, outcome);
    if (ctx.idempotency) await ctx.idempotency.record(tx, outcome);
    return outcome;
  });
  ctx.audit?.committed();
  ctx.idempotency?.committed();
  await announceEffects(effects);
  return result;
}

/**
 * A savepoint inside `tx`: when it rolls back, so do the effects recorded on it; when it is
 * released, they join the enclosing transaction's and wait for its commit.
 */
export async function withSavepoint<T>(tx: Tx, run: (savepoint: Tx) => Promise<T>): Promise<T> {
  const outer = pendingEffects.get(tx);
  if (!outer) throw new Error("withSavepoint: open the enclosing transaction with withTransaction");
  const effects: AfterCommitEffect[] = [];
  const result = await tx.transaction(async (savepoint) => {
    pendingEffects.set(savepoint, effects);
    return run(savepoint as Tx);
  });
  outer.push(...effects);
  return result;
}

/**
 * Records what to announce once `db`'s transaction commits. Outside any transaction the
 * write has committed already, so it is announced now. A transaction opened without
 * withTransaction cannot tell when it commits: that is a bug, and it throws.
 */
export async function afterCommit(db: Queryable, effect: AfterCommitEffect): Promise<void> {
  const effects = pendingEffects.get(db);
  if (effects) {
    effects.push(effect);
    return;
  }
  if (is(db, PgTransaction)) throw new Error(`afterCommit(${effect.type}): open the transaction with withTransaction`);
  await announceEffects([effect]);
}
