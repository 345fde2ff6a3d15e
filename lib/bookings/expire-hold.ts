import { and, eq, inArray, lte } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { bookings } from "@/lib/db/schema";
import { HOLD_STATUSES } from "./holds";

export type ExpireHoldResult = {
  expired: boolean;
  /** When this booking is next due for this step: a hold still alive (or extended); null when settled. */
  nextDueAt: Date | null;
};

/**
 * One step of hold expiry (docs/decisions.md#background-work): flips a lapsed hold to `expired`. The guard makes
 * it safe to run at any time, any number of times, from any driver: a hold that was
 * confirmed, cancelled or extended in the meantime is left alone.
 */
export async function expireHold(db: Queryable, bookingId: string, now: Date): Promise<ExpireHoldResult> {
  const [flipped] = await db
    .update(bookings)
    .set({ status: "expired", codeHash: null, updatedAt: now })
    .where(and(eq(bookings.id, bookingId), inArray(bookings.status, HOLD_STATUSES), lte(bookings.holdExpiresAt, now)))
    .returning({ id: bookings.id });
  if (flipped) return { expired: true, nextDueAt: null };
  const [current] = await db
    .select({ holdExpiresAt: bookings.holdExpiresAt })
    .from(bookings)
    .where(and(eq(bookings.id, bookingId), inArray(bookings.status, HOLD_STATUSES)));
  return { expired: false, nextDueAt: current?.holdExpiresAt ?? null };
}
