import { and, eq, gt, ne } from "drizzle-orm";
import { HOLD_CODE_TTL_MINUTES, HOLD_PAYMENT_TTL_MINUTES, isLiveHold, minutesAfter } from "@/lib/bookings/holds";
import { bookings } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors";
import { getCustomerBooking, type CustomerContext } from "./find-booking-by-token";
import { loadPublicBookingRows } from "./load-public-booking";
import type { PublicBooking } from "./schemas";
import { toPublicBooking } from "./serialize";
import { afterCommit, withTransaction } from "@/lib/db/transaction";

/** docs/decisions.md#routes-the-contract-leaves-open (WCAG 2.2.1 "timing adjustable"): a hold may be renewed this many times. */
export const MAX_HOLD_EXTENSIONS = 2;

/**
 * POST /v1/public/bookings/{token}/extend-hold: a live hold (pending or awaiting_payment)
 * gets its full window again from now. A lapsed hold cannot be revived (409 hold_expired):
 * its slot may already be someone else's.
 */
export async function extendHold({ ctx }: { ctx: CustomerContext }): Promise<PublicBooking> {
  const now = ctx.clock.now();
  const extended = await withTransaction(ctx, async (tx) => {
    const booking = await getCustomerBooking(tx, ctx, { lock: true });
    const isHoldStatus = booking.status === "pending" || booking.status === "awaiting_payment";
    if (!isHoldStatus) {
      if (booking.status === "expired") throw holdExpired();
      throw new DomainError("booking_not_pending", "This booking is not on a hold, so there is nothing to extend.");
    }
    if (!isLiveHold(booking, now)) throw holdExpired();
    if (booking.holdExtensions >= MAX_HOLD_EXTENSIONS) {
      throw new DomainError("hold_extension_limit_reached", `A hold can be extended at most ${MAX_HOLD_EXTENSIONS} times.`);
    }
    const windowMinutes = booking.status === "pending" ? HOLD_CODE_TTL_MINUTES : HOLD_PAYMENT_TTL_MINUTES;
    const holdExpiresAt = minutesAfter(now, windowMinutes);
    const [row] = await tx
      .update(bookings)
      .set({ holdExpiresAt, holdExtensions: booking.holdExtensions + 1, updatedAt: now })
      .where(eq(bookings.id, booking.id))
      .returning();
    // A series is held whole: its other dates still on their hold get the same new window.
    const alongside = booking.seriesId
      ? await tx
          .update(bookings)
          .set({ holdExpiresAt, updatedAt: now })
          .where(
            and(
              eq(bookings.workspaceId, booking.workspaceId),
              eq(bookings.seriesId, booking.seriesId),
              eq(bookings.status, booking.status),
              gt(bookings.holdExpiresAt, now),
              ne(bookings.id, booking.id),
            ),
          )
          .returning({ id: bookings.id })
      : [];
    // After the commit: the background expiry re-arms at the new instant.
    for (const { id } of [booking, ...alongside]) await afterCommit(tx, { type: "hold.placed", bookingId: id, holdExpiresAt });
    return row!;
  });
  return toPublicBooking(await loadPublicBookingRows(ctx.db, extended.id), now);
}

const holdExpired = () => new DomainError("hold_expired", "This hold has lapsed; the time is no longer reserved. Book again.");
