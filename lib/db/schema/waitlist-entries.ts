import { index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { sql } from "drizzle-orm";
import { id, instant, timestamps } from "./columns";
import { customers } from "./customers";
import { services } from "./services";
import { staff } from "./staff";
import { workspaces } from "./workspaces";

export const WAITLIST_STATUSES = ["waiting", "offered", "booked", "expired", "left"] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

/**
 * A customer waiting for a seat of a full group session (docs/series-and-waitlists.md). Entries
 * of one start are served in `created_at` order; an offered entry holds `booking_id`, the
 * pending booking made for it. One live entry per customer and start (the unique index).
 */
export const waitlistEntries = pgTable(
  "waitlist_entries",
  {
    id: id(),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id),
    serviceId: uuid()
      .notNull()
      .references(() => services.id),
    /** The calendar asked for; null: any calendar's session at that start. */
    staffId: uuid().references(() => staff.id),
    customerId: uuid()
      .notNull()
      .references(() => customers.id),
    startsAt: instant().notNull(),
    status: text({ enum: WAITLIST_STATUSES }).notNull(),
    /** The hold made for this entry when a seat was offered to it. */
    bookingId: uuid(),
    /** SHA-256 of the token the entry's emails carry (leave, confirm). */
    tokenHash: text().notNull().unique(),
    tokenSealed: text().notNull(),
    customerLanguage: text(),
    ...timestamps,
  },
  (t) => [
    index().on(t.serviceId, t.startsAt, t.createdAt),
    uniqueIndex("waitlist_entries_one_live_per_customer")
      .on(t.serviceId, t.startsAt, t.customerId)
      .where(sql`status IN ('waiting', 'offered')`),
  ],
);

export type WaitlistEntryRow = typeof waitlistEntries.$inferSelect;
