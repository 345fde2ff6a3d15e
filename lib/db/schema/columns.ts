import { sql } from "drizzle-orm";
import { timestamp, uuid } from "drizzle-orm/pg-core";

/** Every instant is a timestamptz read as a Date. */
export const instant = (name?: string) => (name ? timestamp(name, { withTimezone: true, mode: "date" }) : timestamp({ withTimezone: true, mode: "date" }));

export const id = () =>
  uuid()
    .primaryKey()
    .default(sql`gen_random_uuid()`);

/**
 * Milliseconds, as a JavaScript Date and a list cursor carry them: a microsecond timestamp read into a
 * Date and compared back would fall between rows that share its millisecond (docs/decisions.md, Routes the contract leaves open).
 */
export const createdAt = () => timestamp({ withTimezone: true, mode: "date", precision: 3 }).notNull().defaultNow();

export const timestamps = {
  createdAt: createdAt(),
  updatedAt: instant().notNull().defaultNow(),
};
