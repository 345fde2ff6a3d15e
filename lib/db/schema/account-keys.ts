import { pgTable, text, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { createdAt, id, instant } from "./columns";

export const accountKeys = pgTable("account_keys", {
  id: id(),
  accountId: uuid()
    .notNull()
    .references(() => accounts.id),
  /** SHA-256 of the full `ak_` value, hex. */
  keyHash: text().notNull().unique(),
  displayPrefix: text().notNull(),
  revokedAt: instant(),
  lastUsedAt: instant(),
  createdAt: createdAt(),
});

export type AccountKeyRow = typeof accountKeys.$inferSelect;
