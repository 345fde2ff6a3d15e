import { index, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { accounts } from "./accounts";
import { createdAt, id, instant } from "./columns";

/** A person who runs an account in the console (docs/console.md); the email is stored lower-cased. */
export const members = pgTable(
  "members",
  {
    id: id(),
    accountId: uuid()
      .notNull()
      .references(() => accounts.id),
    email: text().notNull(),
    role: text({ enum: ["owner", "staff"] }).notNull(),
    lastSignInAt: instant(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex().on(t.accountId, t.email), index().on(t.email)],
);

export type MemberRow = typeof members.$inferSelect;

/** A console session: only the SHA-256 of its random token is stored (docs/console.md#sessions). */
export const consoleSessions = pgTable(
  "console_sessions",
  {
    id: id(),
    /** The person, by lower-cased email: one session reaches every account they are a member of. */
    email: text().notNull(),
    tokenHash: text().notNull().unique(),
    lastSeenAt: instant().notNull(),
    expiresAt: instant().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.email)],
);

export type ConsoleSessionRow = typeof consoleSessions.$inferSelect;

/** An emailed sign-in link: its token hashed, valid 15 minutes, used once. */
export const signInLinks = pgTable(
  "sign_in_links",
  {
    id: id(),
    email: text().notNull(),
    tokenHash: text().notNull().unique(),
    expiresAt: instant().notNull(),
    usedAt: instant(),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.email, t.createdAt)],
);

export type SignInLinkRow = typeof signInLinks.$inferSelect;
