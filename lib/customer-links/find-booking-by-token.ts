import { and, eq, ne } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { bookings, type BookingRow } from "@/lib/db/schema";
import { notFound } from "@/lib/errors";
import { sha256Hex } from "@/lib/secrets/tokens";

/** DECISIONS §2: a manage token stops working 30 days after the booking ends. */
export const MANAGE_TOKEN_DAYS_AFTER_END = 30;

/** One error for every token that does not work, so none can be told apart. */
export const unknownManageToken = () => notFound("booking");

export function manageTokenExpiresAt(booking: Pick<BookingRow, "endsAt">): Date {
  return new Date(booking.endsAt.getTime() + MANAGE_TOKEN_DAYS_AFTER_END * 86_400_000);
}

/**
 * The booking a manage token names, looked up by the token's hash. Unknown, expired and
 * cancelled (cancelling clears the hash) all throw the same 404. With `lock`, the row is held
 * for the rest of the caller's transaction.
 */
export async function findBookingByToken(db: Queryable, token: string, now: Date, options: { lock?: boolean } = {}): Promise<BookingRow> {
  if (token.length === 0 || token.length > 512) throw unknownManageToken();
  const query = db
    .select()
    .from(bookings)
    .where(and(eq(bookings.accessTokenHash, sha256Hex(token)), ne(bookings.status, "cancelled")));
  const [row] = options.lock ? await query.for("update") : await query;
  if (!row || now >= manageTokenExpiresAt(row)) throw unknownManageToken();
  return row;
}
