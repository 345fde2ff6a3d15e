import { integer, jsonb, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, instant } from "./columns";
import { workspaces } from "./workspaces";

/** An Idempotency-Key: first a lock while the request runs, then its stored 2xx response, kept 24 hours per workspace. */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id),
    key: text().notNull(),
    requestHash: text().notNull(),
    /** Null while the first request is still running (in flight until `lockedUntil`). */
    responseStatus: integer(),
    responseBody: jsonb(),
    lockedUntil: instant().notNull(),
    expiresAt: instant().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.key] })],
);

export type IdempotencyKeyRow = typeof idempotencyKeys.$inferSelect;
