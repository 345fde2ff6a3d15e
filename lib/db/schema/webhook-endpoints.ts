import { boolean, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, instant } from "./columns";
import { workspaces } from "./workspaces";

export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id),
    url: text().notNull(),
    events: text().array().notNull(),
    active: boolean().notNull().default(true),
    /** The signing secret sealed with APP_SECRET (AES-256-GCM); we must sign with it. */
    secretSealed: text().notNull(),
    consecutiveFailures: integer().notNull().default(0),
    lastSuccessAt: instant(),
    lastFailureAt: instant(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.workspaceId, t.createdAt)],
);

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
