import { check, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { createdAt, id, instant } from "./columns";
import { staff } from "./staff";
import { workspaces } from "./workspaces";

export const timeOff = pgTable(
  "time_off",
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id),
    staffId: uuid()
      .notNull()
      .references(() => staff.id),
    startsAt: instant().notNull(),
    endsAt: instant().notNull(),
    reason: text().notNull().default(""),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.staffId, t.startsAt), check("time_off_range", sql`${t.startsAt} < ${t.endsAt}`)],
);

export type TimeOffRow = typeof timeOff.$inferSelect;
