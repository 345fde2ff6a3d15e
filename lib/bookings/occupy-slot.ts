import { and, eq, gt, inArray, lt, lte, sql } from "drizzle-orm";
import type { Queryable, Tx } from "@/lib/db/client";
import { isPgError, PG_DEADLOCK_DETECTED, PG_EXCLUSION_VIOLATION } from "@/lib/db/errors";
import { withSavepoint } from "@/lib/db/transaction";
import { bookings, type ServiceRow } from "@/lib/db/schema";
import { slotUnavailable } from "@/lib/errors";
import { HOLD_STATUSES } from "./holds";

export type BookingTimes = { startsAt: Date; endsAt: Date; occupiedStart: Date; occupiedEnd: Date };

const NO_OVERLAP_CONSTRAINT = "bookings_no_overlap";
/** How often one calendar is retried after PostgreSQL broke a deadlock by aborting us. */
const DEADLOCK_RETRIES = 3;

/** The appointment and the range it occupies: widened by the service's buffers at booking time. */
export function bookingTimes(startsAt: Date, service: Pick<ServiceRow, "durationMinutes" | "bufferBeforeMinutes" | "bufferAfterMinutes">): BookingTimes {
  const endsAt = new Date(startsAt.getTime() + service.durationMinutes * 60_000);
  return {
    startsAt,
    endsAt,
    occupiedStart: new Date(startsAt.getTime() - service.bufferBeforeMinutes * 60_000),
    occupiedEnd: new Date(endsAt.getTime() + service.bufferAfterMinutes * 60_000),
  };
}

/**
 * A lapsed hold is free (DECISIONS §2) but the exclusion constraint still sees it until it
 * is flipped: flip the ones overlapping the range first, in the writing transaction.
 */
export async function expireLapsedHoldsOverlapping(tx: Queryable, input: { staffId: string; times: BookingTimes; now: Date }): Promise<string[]> {
  const flipped = await tx
    .update(bookings)
    .set({ status: "expired", codeHash: null, updatedAt: input.now })
    .where(
      and(
        eq(bookings.staffId, input.staffId),
        inArray(bookings.status, HOLD_STATUSES),
        lte(bookings.holdExpiresAt, input.now),
        lt(bookings.occupiedStart, input.times.occupiedEnd),
        gt(bookings.occupiedEnd, input.times.occupiedStart),
      ),
    )
    .returning({ id: bookings.id });
  return flipped.map((row) => row.id);
}

/**
 * Writers of one calendar's occupied ranges take turns: a transaction-scoped advisory lock
 * per calendar, always taken in id order so two writers never wait on each other in a cycle.
 * Without it, concurrent inserts of overlapping ranges deadlock inside the exclusion
 * constraint's index under load (PostgreSQL aborts one: 40P01). The constraint still decides.
 */
export async function lockCalendars(tx: Queryable, staffIds: string[]): Promise<void> {
  for (const staffId of [...new Set(staffIds)].sort()) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${staffId}, 0))`);
  }
}

export function isSlotConflict(error: unknown): boolean {
  return isPgError(error, PG_EXCLUSION_VIOLATION, NO_OVERLAP_CONSTRAINT);
}

/**
 * Tries the calendars in order, each in its own savepoint: the exclusion constraint decides
 * races, and a calendar lost to a concurrent booking gives way to the next. When all are
 * taken: 409 slot_unavailable (never a 500).
 *
 * The candidate calendars are locked first (`lockCalendars`). Should a deadlock still reach
 * us (40P01, e.g. against a writer outside this path), rolling back to the savepoint lets
 * the other finish; the retry then waits on it and gets its answer.
 */
export async function occupyFirstFree<T>(tx: Tx, staffIds: string[], occupy: (savepoint: Tx, staffId: string) => Promise<T>): Promise<T> {
  await lockCalendars(tx, staffIds);
  for (const staffId of staffIds) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await withSavepoint(tx, (savepoint) => occupy(savepoint, staffId));
      } catch (error) {
        if (isPgError(error, PG_DEADLOCK_DETECTED) && attempt <= DEADLOCK_RETRIES) continue;
        if (!isSlotConflict(error)) throw error;
        break;
      }
    }
  }
  throw slotUnavailable();
}
