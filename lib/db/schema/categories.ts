import { index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";
import { workspaces } from "./workspaces";

export const categories = pgTable(
  "categories",
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id),
    name: text().notNull(),
    position: integer().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.workspaceId)],
);

export type CategoryRow = typeof categories.$inferSelect;
