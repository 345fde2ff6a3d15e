import { pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns";
import { workspaces } from "./workspaces";

/** One customer per workspace and (lower-cased) email; a new booking updates name and phone. */
export const customers = pgTable(
  "customers",
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id),
    name: text().notNull(),
    email: text().notNull(),
    phone: text().notNull().default(""),
    ...timestamps,
  },
  (t) => [uniqueIndex().on(t.workspaceId, t.email)],
);

export type CustomerRow = typeof customers.$inferSelect;
