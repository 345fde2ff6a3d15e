import { bigint, integer, pgTable } from "drizzle-orm/pg-core";

/** The dev clock: one row (id 1) holding milliseconds added to real time. */
export const clockOffset = pgTable("clock_offset", {
  id: integer().primaryKey(),
  offsetMs: bigint({ mode: "number" }).notNull().default(0),
});
