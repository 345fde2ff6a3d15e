import { index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { instant } from "./columns";

/** One counter per (bucket, fixed calendar minute); shared by every app instance. */
export const rateLimitCounters = pgTable(
  "rate_limit_counters",
  {
    bucket: text().notNull(),
    windowStart: instant().notNull(),
    count: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.bucket, t.windowStart] }), index().on(t.windowStart)],
);
