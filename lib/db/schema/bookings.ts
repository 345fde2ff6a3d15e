import { boolean, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { BOOKING_STATUSES } from "../../bookings/statuses";
import { LOCALES } from "../../i18n/locales";
import { createdAt, id, instant } from "./columns";
import { customers } from "./customers";
import { services } from "./services";
import { staff } from "./staff";
import { workspaces } from "./workspaces";

export { BOOKING_STATUSES, type BookingStatus } from "../../bookings/statuses";

/**
 * A booking occupies [occupied_start, occupied_end) of its calendar: the appointment widened
 * by the service's buffers at booking time. The exclusion constraint in the custom migration
 * `bookings_no_overlap` makes two live occupations of one calendar impossible.
 */
export const bookings = pgTable(
  "bookings",
  {
    id: id(),
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
    /**
     * The group session this booking holds a seat in (lib/bookings/sessions.ts); null for a
     * service of capacity 1. Bookings of one session may overlap each other on their calendar,
     * nothing else may (the exclusion constraint, migration group_sessions).
     */
    sessionId: uuid(),
    /** The series this booking is one occurrence of (POST /v1/bookings with `repeat`); null for a single booking. */
    seriesId: uuid(),
    startsAt: instant().notNull(),
    endsAt: instant().notNull(),
    occupiedStart: instant().notNull(),
    occupiedEnd: instant().notNull(),
    status: text({ enum: BOOKING_STATUSES }).notNull(),
    holdExpiresAt: instant(),
    holdExtensions: integer().notNull().default(0),
    createdVia: text({ enum: ["sk", "pk"] }).notNull(),
    /** SHA-256 of the 6-digit code; null once verified or when no code was needed. */
    codeHash: text(),
    codeAttempts: integer().notNull().default(0),
    /** New codes sent after the first (docs/decisions.md#verification-codes: at most MAX_CODE_RESENDS). */
    codeResends: integer().notNull().default(0),
    /** SHA-256 of the manage token, for lookup; null once cancelled. */
    accessTokenHash: text().unique(),
    /**
     * The manage token's hash, moved here when the booking is cancelled: the token no longer
     * works anywhere, but the manage page can still say "cancelled" and offer the business's
     * booking page instead of a bare "not found".
     */
    retiredTokenHash: text(),
    /** The manage token sealed with APP_SECRET, so later emails can carry the link. */
    accessTokenSealed: text(),
    /** True once booking.created went out; decides whether a cancel is announced. */
    isAnnounced: boolean().notNull().default(false),
    rescheduledFromId: uuid(),
    /** Grows by one with every change a calendar must see (move, cancel): the .ics SEQUENCE. */
    sequence: integer().notNull().default(0),
    /** When the booking last moved; with confirmedAt, the moment its reminders are counted from. */
    rescheduledAt: instant(),
    /** The customer's IANA zone when the booking page (or API caller) sent it. */
    customerTimezone: text(),
    /** The language the customer booked in (docs/decisions.md#languages); every message about the booking is in it. Null: the workspace's. */
    customerLanguage: text({ enum: LOCALES }),
    /**
     * The customer's own BCP 47 locale (`en-US`), canonicalized, when the page or API caller sent it: messages
     * format dates and times with its region's conventions (docs/decisions.md#languages). Null: the language's.
     */
    customerLocale: text(),
    cancelReason: text(),
    cancelledAt: instant(),
    confirmedAt: instant(),
    createdAt: createdAt(),
    updatedAt: instant().notNull().defaultNow(),
  },
  (t) => [
    index().on(t.workspaceId, t.createdAt, t.id),
    index().on(t.staffId, t.occupiedStart),
    index().on(t.status, t.holdExpiresAt),
    index().on(t.status, t.startsAt),
    index().on(t.retiredTokenHash),
    index().on(t.seriesId),
  ],
);

export type BookingRow = typeof bookings.$inferSelect;
