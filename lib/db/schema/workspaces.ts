import { boolean, index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { DEFAULT_LOCALE, LOCALES } from "../../i18n/locales";
import { accounts } from "./accounts";
import { id, timestamps } from "./columns";

/** How the customer-facing pages choose light or dark; auto follows the customer's system (docs/brand.md). */
export const THEMES = ["light", "dark", "auto"] as const;
export type Theme = (typeof THEMES)[number];

export type ReminderChannel = "email" | "sms";
export type ReminderSetting = { minutes_before: number; channels: ReminderChannel[] };
/** A new workspace reminds by email a day before. */
export const DEFAULT_REMINDERS: ReminderSetting[] = [{ minutes_before: 1440, channels: ["email"] }];

export const workspaces = pgTable(
  "workspaces",
  {
    id: id(),
    accountId: uuid()
      .notNull()
      .references(() => accounts.id),
    name: text().notNull(),
    slug: text().notNull().unique(),
    timezone: text().notNull(),
    currency: text().notNull().default("usd"),
    slotIntervalMinutes: integer().notNull().default(30),
    requireVerification: boolean().notNull().default(false),
    smsEnabled: boolean().notNull().default(false),
    allowStaffChoice: boolean().notNull().default(true),
    vertical: text().notNull().default("general"),
    /** docs/decisions.md#languages: the pages' language for a browser we cannot match, and messages' when the customer's is unknown. */
    language: text({ enum: LOCALES }).notNull().default(DEFAULT_LOCALE),
    bookingPolicy: text(),
    contactEmail: text(),
    /**
     * Where the business's own emails about bookings go (see docs/business-notifications.md).
     * Until the business sets it (notificationEmailSet), it is the contact email; once set,
     * null sends nothing.
     */
    notificationEmail: text(),
    notificationEmailSet: boolean().notNull().default(false),
    contactPhone: text(),
    blurb: text(),
    termsUrl: text(),
    websiteUrl: text(),
    instagramUrl: text(),
    mapsUrl: text(),
    /** Where appointments take place, as the business writes it (emails, reminders, LOCATION). */
    address: text(),
    confirmationNote: text(),
    socialTitle: text(),
    socialDescription: text(),
    refundPolicy: text(),
    stripeAccountId: text(),
    /** docs/decisions.md#reminders: when reminders go out before a confirmed appointment, and how. */
    reminders: jsonb().$type<ReminderSetting[]>().notNull().default(DEFAULT_REMINDERS),
    /** The business's brand on its pages, widget and emails (docs/brand.md). */
    brandColor: text(),
    logoUrl: text(),
    /** Shown instead of logoUrl when the page is dark (docs/brand.md#logo). */
    logoDarkUrl: text(),
    theme: text({ enum: THEMES }).notNull().default("auto"),
    /** A live workspace counts against the account's plan. */
    active: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [index().on(t.accountId)],
);

export type WorkspaceRow = typeof workspaces.$inferSelect;
