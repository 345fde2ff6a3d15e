import { index, integer, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, instant } from "./columns";
import { workspaces } from "./workspaces";

/**
 * An Idempotency-Key, kept 24 hours per workspace, then deleted by a background sweep. The row is written in the SAME transaction
 * as the work it records (see docs/idempotency.md): a committed row means the work committed,
 * no row means it never did. The answer is stored just after; a row without one (the process
 * died in between) is answered again from `resourceId`.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id),
    key: text().notNull(),
    requestHash: text().notNull(),
    /** The record the work wrote or changed (a booking's id), to answer again from. */
    resourceId: uuid(),
    /** Null until the answer is stored, just after the work's commit. */
    responseStatus: integer(),
    responseBody: jsonb(),
    expiresAt: instant().notNull(),
    createdAt: createdAt(),
  },
  // The purge sweep reads expired rows oldest first (lib/idempotency/purge-expired-keys.ts).
  (t) => [primaryKey({ columns: [t.workspaceId, t.key] }), index().on(t.expiresAt)],
);

export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;
