import { date, integer, pgTable, primaryKey, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";

/**
 * Bookings an account's workspaces created per billing period (the UTC month of `created_at`,
 * written as its first day), whatever became of them: the platform's safety limit reads one
 * row instead of counting the period's bookings. Kept by deferred triggers on `bookings`
 * (migration 0010), so it always equals that count once a transaction commits.
 */
export const bookingVolumes = pgTable(
  "booking_volumes",
  {
    accountId: uuid()
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    period: date().notNull(),
    created: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.period] })],
);
