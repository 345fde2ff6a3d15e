import { and, eq, gt, isNull, sql } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { consoleSessions, members, signInLinks } from "@/lib/db/schema";
import { withTransaction } from "@/lib/db/transaction";
import { DomainError } from "@/lib/errors";
import type { BaseContext } from "@/lib/context";
import { DEFAULT_LOCALE, type Locale } from "@/lib/i18n/locales";
import { queueAccountEmail } from "@/lib/notifications/queue-account-message";
import { translatorFor } from "@/lib/notifications/templates/i18n";
import { generateAccessToken, sha256Hex } from "@/lib/secrets/tokens";
import { normalizeEmail } from "./manage-members";

/** docs/console.md#sign-in: a link lives 15 minutes and signs in once. */
export const SIGN_IN_LINK_TTL_MINUTES = 15;
/** Links asked for per email, and per client address, in one clock hour. */
export const SIGN_IN_LINKS_PER_EMAIL_PER_HOUR = 5;
export const SIGN_IN_LINKS_PER_ADDRESS_PER_HOUR = 20;
/** docs/console.md#sessions: 12 hours without a request ends a session; 30 days end it anyway. */
export const SESSION_IDLE_HOURS = 12;
export const SESSION_MAX_DAYS = 30;

const HOUR_MS = 3_600_000;

/**
 * Asks for a sign-in link. Whether or not the email is a member's, the caller answers the same
 * "Check your email" (no enumeration); only a member is sent a link. Over a limit: 429
 * `rate_limited`, counted before looking the email up, so the limit tells nothing either.
 */
export async function requestSignInLink({
  ctx,
  input,
}: {
  ctx: BaseContext;
  /** `language`: the sign-in page's (docs/console.md#languages), so the email reads as the page did. */
  input: { email: string; ip: string; appUrl: string; language?: Locale };
}): Promise<void> {
  const email = normalizeEmail(input.email);
  const now = ctx.clock.now();
  await chargeHourly(
    ctx.db,
    [
      [`sign_in_email:${email}`, SIGN_IN_LINKS_PER_EMAIL_PER_HOUR],
      [`sign_in_ip:${input.ip}`, SIGN_IN_LINKS_PER_ADDRESS_PER_HOUR],
    ],
    now,
  );
  const [member] = await ctx.db.select({ id: members.id }).from(members).where(eq(members.email, email)).limit(1);
  if (!member) return;
  await withTransaction(ctx, async (tx) => {
    const url = await mintSignInLink(tx, email, now, input.appUrl);
    const t = translatorFor(input.language ?? DEFAULT_LOCALE);
    await queueAccountEmail(tx, {
      to: email,
      subject: t("console.signIn.linkEmail.subject"),
      text: [t("console.signIn.linkEmail.lead"), "", url, "", t("console.signIn.linkEmail.once", { minutes: SIGN_IN_LINK_TTL_MINUTES })].join("\n"),
    });
  });
}

/** A one-time link for `email` (also printed by the start banner for the demo owner, dev tools only). */
export async function mintSignInLink(db: Queryable, email: string, now: Date, appUrl: string): Promise<string> {
  const token = generateAccessToken();
  await db.insert(signInLinks).values({
    email: normalizeEmail(email),
    tokenHash: sha256Hex(token),
    expiresAt: new Date(now.getTime() + SIGN_IN_LINK_TTL_MINUTES * 60_000),
    createdAt: now,
  });
  return `${appUrl}/console/sign-in/${token}`;
}

/**
 * Spends a link (once, in one guarded statement) and opens a session: answers the session's
 * token, stored only hashed. A used, expired or unknown link, or one whose person is no longer
 * a member anywhere, answers null.
 */
export async function redeemSignInLink({ ctx, token }: { ctx: BaseContext; token: string }): Promise<{ sessionToken: string; expiresAt: Date } | null> {
  const now = ctx.clock.now();
  return withTransaction(ctx, async (tx) => {
    const [link] = await tx
      .update(signInLinks)
      .set({ usedAt: now })
      .where(and(eq(signInLinks.tokenHash, sha256Hex(token)), isNull(signInLinks.usedAt), gt(signInLinks.expiresAt, now)))
      .returning();
    if (!link) return null;
    const touched = await tx.update(members).set({ lastSignInAt: now }).where(eq(members.email, link.email)).returning({ id: members.id });
    if (touched.length === 0) return null;
    const sessionToken = generateAccessToken();
    const expiresAt = new Date(now.getTime() + SESSION_MAX_DAYS * 24 * HOUR_MS);
    await tx.insert(consoleSessions).values({ email: link.email, tokenHash: sha256Hex(sessionToken), lastSeenAt: now, expiresAt, createdAt: now });
    return { sessionToken, expiresAt };
  });
}

/**
 * The person of a live session (its email), or null: unknown, idle past 12 hours or past its
 * 30 days. A live session's idle clock restarts (at most once a minute, to spare writes).
 */
export async function findSession({ ctx, token }: { ctx: BaseContext; token: string }): Promise<{ id: string; email: string } | null> {
  const now = ctx.clock.now();
  const [session] = await ctx.db
    .select()
    .from(consoleSessions)
    .where(eq(consoleSessions.tokenHash, sha256Hex(token)));
  if (!session) return null;
  if (session.expiresAt <= now || session.lastSeenAt.getTime() + SESSION_IDLE_HOURS * HOUR_MS <= now.getTime()) {
    await ctx.db.delete(consoleSessions).where(eq(consoleSessions.id, session.id));
    return null;
  }
  if (now.getTime() - session.lastSeenAt.getTime() > 60_000) {
    await ctx.db.update(consoleSessions).set({ lastSeenAt: now }).where(eq(consoleSessions.id, session.id));
  }
  return { id: session.id, email: session.email };
}

/** "Sign out": the session's row goes, so its cookie opens nothing any more. */
export async function endSession({ ctx, token }: { ctx: BaseContext; token: string }): Promise<void> {
  await ctx.db.delete(consoleSessions).where(eq(consoleSessions.tokenHash, sha256Hex(token)));
}

/** Fixed clock-hour counters in the shared rate-limit table; every bucket is charged, then checked. */
async function chargeHourly(db: Queryable, buckets: [string, number][], now: Date): Promise<void> {
  const window = new Date(Math.floor(now.getTime() / HOUR_MS) * HOUR_MS).toISOString();
  for (const [bucket, limit] of buckets) {
    const result = await db.execute<{ count: number }>(sql`
      INSERT INTO rate_limit_counters (bucket, window_start, count) VALUES (${bucket}, ${window}::timestamptz, 1)
      ON CONFLICT (bucket, window_start) DO UPDATE SET count = rate_limit_counters.count + 1
      RETURNING count`);
    const rows = Array.isArray(result) ? result : (result as { rows: { count: number }[] }).rows;
    if (Number(rows[0]?.count ?? 0) > limit) throw new DomainError("rate_limited", "Too many sign-in links asked for. Try again within the hour.");
  }
}
