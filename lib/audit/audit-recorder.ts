import type { Queryable, Tx } from "@/lib/db/client";
import type { CommitRecorder } from "@/lib/db/transaction";

export type AuditRecorder = CommitRecorder & {
  /** After the verb: writes the row unless a transaction of the verb already committed it. */
  finish(db: Queryable, targetId: string | null): Promise<void>;
};

/**
 * docs/console.md#audit-log: a write's audit row commits with the write. The recorder rides on
 * the context into the verb's outermost transaction (lib/db/transaction.ts), as an
 * Idempotency-Key's record does, and writes the row there just before the commit, once per
 * request: a rollback takes the row with it and a crash after the commit cannot lose it. When
 * the target's id is only known from the verb's answer (a create), or the verb wrote without a
 * transaction of its own, `finish` writes the row after the verb, as it always was.
 */
export function newAuditRecorder(input: { targetId: string | null; write: (db: Queryable, targetId: string | null) => Promise<void> }): AuditRecorder {
  let state: "none" | "pending" | "committed" = "none";
  return {
    async record(tx: Tx) {
      // A transaction rolled back (and retried) records again; one that committed, never twice.
      if (state === "committed" || input.targetId === null) return;
      await input.write(tx, input.targetId);
      state = "pending";
    },
    committed() {
      if (state === "pending") state = "committed";
    },
    async finish(db: Queryable, targetId: string | null) {
      if (state !== "committed") await input.write(db, targetId);
    },
  };
}
