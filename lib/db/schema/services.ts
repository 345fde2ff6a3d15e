import { boolean, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { categories } from "./categories";
import { id, timestamps } from "./columns";
import { workspaces } from "./workspaces";

export const services = pgTable(
  "services",
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id),
    name: text().notNull(),
    durationMinutes: integer().notNull(),
    bufferBeforeMinutes: integer().notNull().default(0),
    bufferAfterMinutes: integer().notNull().default(0),
    minLeadMinutes: integer().notNull().default(0),
    maxAdvanceDays: integer().notNull().default(60),
    minCancelNoticeMinutes: integer().notNull().default(0),
    active: boolean().notNull().default(true),
    priceCents: integer(),
    description: text(),
    paymentMode: text({ enum: ["none", "full", "deposit_fixed", "deposit_percent"] })
      .notNull()
      .default("none"),
    depositAmountCents: integer(),
    depositPercent: integer(),
    /** Seats per session (1–500); above 1 the service is a group service (docs/group-sessions.md). */
    capacity: integer().notNull().default(1),
    /** The most occurrences a series of this service may have (0–26); 0: no repeat (docs/series-and-waitlists.md). */
    repeatMax: integer().notNull().default(0),
    categoryId: uuid().references(() => categories.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [index().on(t.workspaceId)],
);

export type ServiceRow = typeof services.$inferSelect;
