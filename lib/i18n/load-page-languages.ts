import { eq, or } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { bookings, waitlistEntries, workspaces } from "@/lib/db/schema";
import { sha256Hex } from "@/lib/secrets/tokens";
import type { Locale } from "./locales";
import type { PageScope } from "./page-scope";

export type PageLanguages = { workspaceLanguage: Locale | null; bookingLanguage: Locale | null };

const NONE: PageLanguages = { workspaceLanguage: null, bookingLanguage: null };

/**
 * The stored languages a customer page negotiates with: its workspace's `language`, and on a
 * manage page the language the booking was made in (on a waitlist link's, the entry's). An unknown slug or token has none (its
 * not-found page follows the browser).
 */
export async function loadPageLanguages(scope: Exclude<PageScope, { kind: "console" }>): Promise<PageLanguages> {
  const db = await getDb();
  if (scope.kind === "workspace") {
    const [row] = await db.select({ language: workspaces.language }).from(workspaces).where(eq(workspaces.slug, scope.slug.toLowerCase())).limit(1);
    return row ? { workspaceLanguage: row.language, bookingLanguage: null } : NONE;
  }
  const hash = sha256Hex(scope.token);
  if (scope.kind === "waitlist") {
    // A waitlist link's page speaks the language the customer joined the line in.
    const [entry] = await db
      .select({ workspaceLanguage: workspaces.language, bookingLanguage: waitlistEntries.customerLanguage })
      .from(waitlistEntries)
      .innerJoin(workspaces, eq(workspaces.id, waitlistEntries.workspaceId))
      .where(eq(waitlistEntries.tokenHash, hash))
      .limit(1);
    return entry ?? NONE;
  }
  const [row] = await db
    .select({ workspaceLanguage: workspaces.language, bookingLanguage: bookings.customerLanguage })
    .from(bookings)
    .innerJoin(workspaces, eq(workspaces.id, bookings.workspaceId))
    // A cancelled booking's link still opens its page (it names the business), in its language.
    .where(or(eq(bookings.accessTokenHash, hash), eq(bookings.retiredTokenHash, hash)))
    .limit(1);
  return row ?? NONE;
}
