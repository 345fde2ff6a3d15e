import { and, count, eq, gte, lt, sql, type Placeholder, type SQL } from "drizzle-orm";
import { getConfig } from "@/lib/config";
import type { Queryable } from "@/lib/db/client";
import { bookings, workspaces } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors";

/**
 * The platform's safety limit (not a plan allowance): bookings an account's workspaces
 * created in the billing period, whatever became of them, as a scalar subquery a create's
 * first statement carries (lib/bookings/create-facts.ts); bounds are values or placeholders.
 */
export function bookingVolume(db: Queryable, input: { accountId: string | Placeholder; start: Date | Placeholder; end: Date | Placeholder }): SQL<number> {
  const counted = db
    .select({ n: count() })
    .from(bookings)
    .innerJoin(workspaces, eq(workspaces.id, bookings.workspaceId))
    .where(and(eq(workspaces.accountId, input.accountId), gte(bookings.createdAt, input.start), lt(bookings.createdAt, input.end)));
  return sql<number>`(${counted})`;
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
