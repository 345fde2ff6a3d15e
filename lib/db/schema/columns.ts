import { sql } from "drizzle-orm";
import { timestamp, uuid } from "drizzle-orm/pg-core";

/** Every instant is a timestamptz read as a Date. */
export const instant = (name?: string) => (name ? timestamp(name, { withTimezone: true, mode: "date" }) : timestamp({ withTimezone: true, mode: "date" }));

export const id = () =>
  uuid()
    .primaryKey()
    .default(sql`gen_random_uuid()`);

export const createdAt = () => instant().notNull().defaultNow();

export const timestamps = {
  createdAt: createdAt(),
  updatedAt: instant().notNull().defaultNow(),
};
