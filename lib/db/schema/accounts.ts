import { integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, id } from "./columns";

export const accounts = pgTable("accounts", {
  id: id(),
  name: text().notNull(),
  plan: text().notNull().default("free"),
  planStep: integer().notNull().default(1),
  /** Bought SMS credits; spent after the month's plan credits, never below zero. */
  smsTopupBalance: integer().notNull().default(0),
  /** Plan SMS credits spent in `smsPeriod` (YYYY-MM, UTC); a new period starts at zero. */
  smsMonthlyUsed: integer().notNull().default(0),
  smsPeriod: text().notNull().default(""),
  extraLocations: integer().notNull().default(0),
  createdAt: createdAt(),
});

export type AccountRow = typeof accounts.$inferSelect;
