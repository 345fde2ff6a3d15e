import { index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { createdAt, id } from "./columns";

/**
 * Who changed what (docs/console.md#audit-log): every write made with a secret key and every
 * console write. `actor` is a label kept as written then ("key Server (…a1B2)", "member ada@…").
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: id(),
    accountId: uuid()
      .notNull()
      .references(() => accounts.id),
    workspaceId: uuid(),
    actorType: text({ enum: ["key", "member"] }).notNull(),
    actor: text().notNull(),
    action: text().notNull(),
    targetType: text().notNull(),
    targetId: text(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.workspaceId, t.createdAt), index().on(t.targetId)],
);

export type AuditEventRow = typeof auditEvents.$inferSelect;
