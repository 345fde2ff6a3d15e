import { pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";
import { staff } from "./staff";
import { workspaces } from "./workspaces";

/** docs/decisions.md#calendar-feeds: at most one secret feed per calendar; only the token's hash is kept. */
export const calendarFeeds = pgTable("calendar_feeds", {
  id: id(),
  workspaceId: uuid()
    .notNull()
    .references(() => workspaces.id),
  staffId: uuid()
    .notNull()
    .unique()
    .references(() => staff.id),
  tokenHash: text().notNull().unique(),
  createdAt: createdAt(),
});

export type CalendarFeedRow = typeof calendarFeeds.$inferSelect;
