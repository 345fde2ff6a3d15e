import { and, eq, lte, sql } from "drizzle-orm";
import type { Queryable, Tx } from "@/lib/db/client";
import { isPgError, PG_DEADLOCK_DETECTED, PG_EXCLUSION_VIOLATION } from "@/lib/db/errors";
import { isSingleSession } from "@/lib/db/single-session";
import { withSavepoint } from "@/lib/db/transaction";
import { bookings, type ServiceRow } from "@/lib/db/schema";
import { overlapsOccupied } from "@/lib/availability/load-calendars";
import { DAY_MS } from "@/lib/availability/zone-timeline";
import { DomainError, slotUnavailable } from "@/lib/errors";
import { HOLD_STATUSES } from "./holds";
import { isSessionFull } from "./sessions";

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
 * A lapsed hold is free (docs/decisions.md#bookings) but the exclusion constraint still sees it until it
 * is flipped: flip the ones overlapping the range first, in the writing transaction. Found
 * through the constraint's own index (its range expression, and the statuses written out so
 * that its partial index applies to a prepared statement): bounded by the range, where
 * `occupied_start < end AND occupied_end > start` read the calendar's whole history on every
 * create (0.7 ms of the embedded database's time at 400 bookings a calendar).
 */
export async function expireLapsedHoldsOverlapping(tx: Queryable, input: { staffId: string; times: BookingTimes; now: Date }): Promise<string[]> {
  const flipped = await tx
    .update(bookings)
    .set({ status: "expired", codeHash: null, updatedAt: input.now })
    .where(
      and(
        eq(bookings.staffId, input.staffId),
        sql`${bookings.status} IN (${sql.raw(HOLD_STATUSES.map((status) => `'${status}'`).join(", "))})`,
        lte(bookings.holdExpiresAt, input.now),
        overlapsOccupied(input.times.occupiedStart, input.times.occupiedEnd),
      ),
    )
    .returning({ id: bookings.id });
  return flipped.map((row) => row.id);
}

/**
 * Writers of overlapping ranges on one calendar take turns: transaction-scoped advisory locks
 * on (calendar, UTC day) for every day the occupied range touches, taken in order, so two
 * writers never wait on each other in a cycle. Without them, concurrent inserts of
 * overlapping ranges deadlock inside the exclusion constraint's index under load (PostgreSQL
 * aborts one: 40P01). Two overlapping ranges share a day, so they take turns; writers on
 * other days of the same calendar do not wait. The constraint still decides.
 *
 * The statements are sent at once, not one answer after another: a transaction runs its
 * statements in the order sent, so the locks are held before anything sent after them runs.
 * On the embedded database a transaction runs alone (isSingleSession): nothing to take turns with.
 */
export function lockCalendarRange(tx: Queryable, staffId: string, times: Pick<BookingTimes, "occupiedStart" | "occupiedEnd">): Promise<unknown> {
  if (isSingleSession(tx)) return Promise.resolve();
  const firstDay = Math.floor(times.occupiedStart.getTime() / DAY_MS);
  const lastDay = Math.floor((times.occupiedEnd.getTime() - 1) / DAY_MS);
  const keys = Array.from({ length: Math.max(1, lastDay - firstDay + 1) }, (_, i) => `${staffId}:${firstDay + i}`);
  return Promise.all(keys.map((key) => tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`)));
}

/** The calendar is taken at that range, or the group session there has no seat left (docs/group-sessions.md). */
export function isSlotConflict(error: unknown): boolean {
  return isPgError(error, PG_EXCLUSION_VIOLATION, NO_OVERLAP_CONSTRAINT) || isSessionFull(error);
}

/**
 * Tries the calendars in order, each in its own savepoint: the exclusion constraint decides
 * races, and a calendar lost to a concurrent booking gives way to the next. When all are
 * taken: 409 slot_unavailable (never a 500).
 *
 * Each calendar's range is locked as it is tried (`lockCalendarRange`), in the same round trip
 * as `occupy`'s statements, which it must send before its first await. Should a deadlock still reach
 * us (40P01, e.g. against a writer outside this path), rolling back to the savepoint lets
 * the other finish; the retry then waits on it and gets its answer.
 */
export async function occupyFirstFree<T>(tx: Tx, staffIds: string[], times: BookingTimes, occupy: (savepoint: Tx, staffId: string) => Promise<T>): Promise<T> {
  // One calendar: nothing to give way to, so no savepoint (the refusal ends the transaction).
  if (staffIds.length === 1) {
    const staffId = staffIds[0] as string;
    try {
      const [, occupied] = await Promise.all([lockCalendarRange(tx, staffId, times), occupy(tx, staffId)]);
      return occupied;
    } catch (error) {
      throw isSlotConflict(error) ? slotUnavailable(isSessionFull(error) ? "full" : "booked") : error;
    }
  }
  let isEveryConflictFull = staffIds.length > 0;
  for (const staffId of staffIds) {
    for (let attempt = 1; ; attempt++) {
      try {
        // The lock is taken in the savepoint: giving this calendar up releases it.
        return await withSavepoint(tx, async (savepoint) => {
          const [, occupied] = await Promise.all([lockCalendarRange(savepoint, staffId, times), occupy(savepoint, staffId)]);
          return occupied;
        });
      } catch (error) {
        if (isPgError(error, PG_DEADLOCK_DETECTED) && attempt <= DEADLOCK_RETRIES) continue;
        if (!isSlotConflict(error)) throw error;
        // Every calendar gone to a full session says so; any taken by a booking says that.
        if (!isSessionFull(error)) isEveryConflictFull = false;
        break;
      }
    }
  }
  throw slotUnavailable(isEveryConflictFull ? "full" : "booked");
}

/**
 * Runs `write`, a whole transaction that occupies the first free of the calendars it is given
 * (occupyFirstFree), first with the best calendar alone: one calendar needs no savepoint, so a
 * create sends two statements fewer (two round trips on PostgreSQL). The check has just found
 * that calendar free; only a writer that got in since can take it, and then (or should a
 * deadlock break in) the transaction has rolled back and runs again over every calendar, each
 * in its savepoint. Never inside a caller's transaction: a refused statement ends it.
 */
export async function occupyBestFirst<T>(staffIds: string[], write: (staffIds: string[]) => Promise<T>): Promise<T> {
  if (staffIds.length <= 1) return write(staffIds);
  try {
    return await write(staffIds.slice(0, 1));
  } catch (error) {
    const lost = (error instanceof DomainError && error.type === "slot_unavailable") || isPgError(error, PG_DEADLOCK_DETECTED);
    if (!lost) throw error;
    return write(staffIds);
  }
}
