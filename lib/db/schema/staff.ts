import { boolean, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { id, timestamps } from "./columns";
import { workspaces } from "./workspaces";

/** A bookable calendar ("staff" in the API); not a person with a login. */
export const staff = pgTable(
  "staff",
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id),
    name: text().notNull(),
    title: text(),
    bio: text(),
    active: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [index().on(t.workspaceId)],
);

export type StaffRow = typeof staff.$inferSelect;
