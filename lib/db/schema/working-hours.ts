import { check, index, integer, pgTable, uuid } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { id } from "./columns";
import { staff } from "./staff";
import { workspaces } from "./workspaces";

/** One block of a calendar's weekly hours, in minutes after local midnight of the workspace zone. */
export const workingHours = pgTable(
  "working_hours",
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id),
    staffId: uuid()
      .notNull()
      .references(() => staff.id),
    weekday: integer().notNull(),
    startMinute: integer().notNull(),
    endMinute: integer().notNull(),
  },
  (t) => [
    index().on(t.staffId),
    check("working_hours_weekday", sql`${t.weekday} BETWEEN 0 AND 6`),
    check("working_hours_minutes", sql`0 <= ${t.startMinute} AND ${t.startMinute} < ${t.endMinute} AND ${t.endMinute} <= 1440`),
  ],
);

export type WorkingHoursRow = typeof workingHours.$inferSelect;
