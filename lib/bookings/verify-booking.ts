import { and, asc, eq, sql } from "drizzle-orm";
import type { Tx } from "@/lib/db/client";
import { bookings, type BookingRow } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors";
import type { Locale } from "@/lib/i18n/locales";
import type { Ctx } from "@/lib/context";
import { Uuid } from "@/lib/schemas";
import { isLiveHold, MAX_CODE_ATTEMPTS } from "./holds";
import { confirmHeldBooking } from "./settle-confirmed";
import { isVerificationCodeCorrect } from "./verification-code";
import { withTransaction } from "@/lib/db/transaction";
import { queueBookingMessages } from "@/lib/notifications/queue-booking-messages";

/** Never a well-formed booking id: stands in for a malformed one so every lookup does the same work. */
export const NIL_UUID = "00000000-0000-0000-0000-000000000000";

export const verificationFailed = () => new DomainError("verification_failed", "That code was not accepted. Check it, or book again if the hold has expired.");

/**
 * POST /v1/bookings/{id}/verify. A wrong code, an expired hold, too many attempts and an
 * unknown (or another workspace's) booking all give the same 422 with the same body, after
 * the same work: one locked lookup, one HMAC, one constant-time comparison, one UPDATE.
 * A correct code confirms the booking (counting against the plan allowance: may be 402).
 */
export async function verifyBooking({ ctx, id, code, language }: { ctx: Ctx; id: string; code: string; language?: Locale }): Promise<BookingRow> {
  const now = ctx.clock.now();
  const lookupId = Uuid.safeParse(id).success ? id : NIL_UUID;
  const confirmed = await withTransaction(ctx, async (tx) => {
    const [row] = await tx
      .select()
      .from(bookings)
      .where(and(eq(bookings.id, lookupId), eq(bookings.workspaceId, ctx.workspace.id)))
      .for("update");
    const isCorrect = isVerificationCodeCorrect(lookupId, code, row?.codeHash ?? null);
    const isUsable = row !== undefined && row.status === "pending" && isLiveHold(row, now) && row.codeAttempts < MAX_CODE_ATTEMPTS;
    if (row && isUsable && isCorrect) {
      // A page switched to another language after the hold: the confirmation and later messages follow it.
      const booking = language && language !== row.customerLanguage ? await setLanguage(tx, row, language, now) : row;
      if (!row.seriesId) return confirmHeldBooking(tx, { booking, accountId: ctx.workspace.accountId, now });
      // One code confirms a whole series (its other occurrences still on their hold), and the
      // customer and the business get one confirmation listing those dates, the first's.
      const confirmed = await confirmHeldBooking(tx, { booking, accountId: ctx.workspace.accountId, now, messages: "none" });
      const others = await confirmSeriesHolds(tx, { workspaceId: ctx.workspace.id, seriesId: row.seriesId, accountId: ctx.workspace.accountId, now, language });
      const series = [confirmed, ...others].sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
      // One date left on its hold reads as a single booking's confirmation.
      await queueBookingMessages(tx, {
        kind: "confirmation",
        bookingId: confirmed.id,
        series: series.length > 1 ? series : undefined,
        business: { event: "confirmed" },
        now,
      });
      return confirmed;
    }
    // Every refusal spends an attempt; once MAX_CODE_ATTEMPTS are spent the code is dead.
    await tx
      .update(bookings)
      .set({ codeAttempts: sql`${bookings.codeAttempts} + 1` })
      .where(and(eq(bookings.id, lookupId), eq(bookings.workspaceId, ctx.workspace.id), eq(bookings.status, "pending")));
    return undefined;
  });
  if (!confirmed) throw verificationFailed();
  return confirmed;
}

async function setLanguage(tx: Tx, booking: BookingRow, language: Locale, now: Date): Promise<BookingRow> {
  const [updated] = await tx.update(bookings).set({ customerLanguage: language, updatedAt: now }).where(eq(bookings.id, booking.id)).returning();
  return updated ?? booking;
}

async function confirmSeriesHolds(
  tx: Tx,
  input: { workspaceId: string; seriesId: string; accountId: string; now: Date; language?: Locale },
): Promise<BookingRow[]> {
  const held = await tx
    .select()
    .from(bookings)
    .where(and(eq(bookings.workspaceId, input.workspaceId), eq(bookings.seriesId, input.seriesId), eq(bookings.status, "pending")))
    .orderBy(asc(bookings.startsAt))
    .for("update");
  const confirmed: BookingRow[] = [];
  for (const booking of held) {
    if (!isLiveHold(booking, input.now)) continue;
    const reading = input.language && input.language !== booking.customerLanguage ? await setLanguage(tx, booking, input.language, input.now) : booking;
    confirmed.push(await confirmHeldBooking(tx, { booking: reading, accountId: input.accountId, now: input.now, messages: "none" }));
  }
  return confirmed;
}
