import { index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, id, instant } from "./columns";
import { workspaces } from "./workspaces";

export const apiKeys = pgTable(
  "api_keys",
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id),
    type: text({ enum: ["sk", "pk"] }).notNull(),
    name: text(),
    /** SHA-256 of the full value, hex; every lookup goes through it. */
    keyHash: text().notNull().unique(),
    /** The full value of a publishable key (public by design); always null for a secret key. */
    publishableValue: text(),
    displayPrefix: text().notNull(),
    /** The value's last four characters, to name a secret key in the audit log; empty for keys minted before it. */
    lastFour: text().notNull().default(""),
    allowedOrigins: text().array().notNull().default([]),
    revokedAt: instant(),
    lastUsedAt: instant(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.workspaceId, t.createdAt)],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;
