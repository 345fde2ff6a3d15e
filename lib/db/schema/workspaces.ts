import { boolean, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { id, timestamps } from "./columns";

export const workspaces = pgTable(
  "workspaces",
  {
    id: id(),
    accountId: uuid().notNull().references(() => accounts.id),
    name: text().notNull(),
    slug: text().notNull().unique(),
    timezone: text().notNull(),
    currency: text().notNull().default("usd"),
    slotIntervalMinutes: integer().notNull().default(30),
    requireVerification: boolean().notNull().default(false),
    smsEnabled: boolean().notNull().default(false),
    allowStaffChoice: boolean().notNull().default(true),
    vertical: text().notNull().default("general"),
    bookingPolicy: text(),
    contactEmail: text(),
    contactPhone: text(),
    blurb: text(),
    termsUrl: text(),
    websiteUrl: text(),
    instagramUrl: text(),
    mapsUrl: text(),
    confirmationNote: text(),
    socialTitle: text(),
    socialDescription: text(),
    refundPolicy: text(),
    stripeAccountId: text(),
    /** A live workspace counts against the account's plan. */
    active: boolean().notNull().default(true),
    ...timestamps,
  },
  (t) => [index().on(t.accountId)],
);

export type WorkspaceRow = typeof workspaces.$inferSelect;
