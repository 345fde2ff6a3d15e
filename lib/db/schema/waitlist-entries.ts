import { sql } from "drizzle-orm";
import { bigint, index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { LOCALES } from "../../i18n/locales";
import { createdAt, instant } from "./columns";
import { customers } from "./customers";
import { services } from "./services";
import { staff } from "./staff";
import { workspaces } from "./workspaces";

export const WAITLIST_STATUSES = ["waiting", "offered", "booked", "expired", "left"] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

/**
 * A customer waiting for a seat in one full session of a group service (docs/series-and-waitlists.md).
 * At most one live entry (waiting or offered) per customer and session: the partial unique index.
 * An offer is a held booking (`offered_booking_id`, unique: one hold is one offer); the seat it
 * holds is counted by the session's seats CHECK, so a freed seat is offered once.
 */
export const waitlistEntries = pgTable(
  "waitlist_entries",
  {
    id: uuid()
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    workspaceId: uuid()
      .notNull()
      .references(() => workspaces.id),
    serviceId: uuid()
      .notNull()
      .references(() => services.id),
    staffId: uuid()
      .notNull()
      .references(() => staff.id),
    customerId: uuid()
      .notNull()
      .references(() => customers.id),
    startsAt: instant().notNull(),
    /** Joining order: entries joined in one millisecond still have one (created_at and random ids do not). */
    line: bigint({ mode: "number" }).generatedAlwaysAsIdentity(),
    status: text({ enum: WAITLIST_STATUSES }).notNull().default("waiting"),
    customerLanguage: text({ enum: LOCALES }),
    /** SHA-256 of the entry's token (the links in its emails: book the offer, leave the list). */
    tokenHash: text().notNull().unique(),
    /** The token sealed with APP_SECRET, so later emails can carry the links. */
    tokenSealed: text().notNull(),
    /** The hold made for this entry when a seat freed; null while waiting. */
    offeredBookingId: uuid().unique(),
    offeredAt: instant(),
    offerExpiresAt: instant(),
    createdAt: createdAt(),
    updatedAt: instant().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("waitlist_entries_one_live_per_customer")
      .on(t.workspaceId, t.serviceId, t.staffId, t.startsAt, t.customerId)
      .where(sql`${t.status} IN ('waiting', 'offered')`),
    index().on(t.status, t.startsAt),
    index().on(t.workspaceId, t.createdAt, t.id),
  ],
);

export type WaitlistEntryRow = typeof waitlistEntries.$inferSelect;
