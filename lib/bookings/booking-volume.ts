import { and, eq, sql, type Placeholder, type SQL } from "drizzle-orm";
import { getConfig } from "@/lib/config";
import type { Queryable } from "@/lib/db/client";
import { bookingVolumes } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors";

/**
 * The platform's safety limit (not a plan allowance): bookings an account's workspaces
 * created in the billing period, whatever became of them, as a scalar subquery a create's
 * first statement carries (lib/bookings/create-facts.ts). One row, kept by triggers on
 * `bookings` (lib/db/schema/booking-volumes.ts), not a count of the period's bookings;
 * `period` is the period's first day (`YYYY-MM-DD`), a value or a placeholder.
 */
export function bookingVolume(db: Queryable, input: { accountId: string | Placeholder; period: string | Placeholder }): SQL<number> {
  const created = db
    .select({ created: bookingVolumes.created })
    .from(bookingVolumes)
    .where(and(eq(bookingVolumes.accountId, input.accountId), eq(bookingVolumes.period, input.period)));
  return sql<number>`coalesce((${created}), 0)`;
}

/** Refused with 429 booking_volume_refused, which carries no numbers and no Retry-After. */
export function assertBookingVolumeWithin(created: number): void {
  if (created >= getConfig().bookingVolumeLimit) {
    throw new DomainError(
      "booking_volume_refused",
      "This account has created an unusually large number of bookings this billing period. Retrying will not help; the limit resets with the next billing period.",
    );
  }
}
