import { eq } from "drizzle-orm";
import { bookings, type BookingRow } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors";
import type { Ctx } from "@/lib/context";
import { lockBookingOrThrow } from "./get-booking";
import { withTransaction } from "@/lib/db/transaction";

export const noShowNotApplicable = (message: string) => new DomainError("no_show_not_applicable", message);

/**
 * POST /v1/bookings/{id}/no-show: only a confirmed booking whose start has passed. The slot
 * stays occupied (no_show is a slot-holding status), so clearing the mark can never collide.
 */
export async function markNoShow({ ctx, id }: { ctx: Ctx; id: string }): Promise<BookingRow> {
  const now = ctx.clock.now();
  return withTransaction(ctx, async (tx) => {
    const booking = await lockBookingOrThrow(tx, { workspaceId: ctx.workspace.id, id });
    if (booking.status !== "confirmed" || booking.startsAt > now) {
      throw noShowNotApplicable("Only a confirmed booking whose start time has passed can be marked as a no-show.");
    }
    const [row] = await tx.update(bookings).set({ status: "no_show", updatedAt: now }).where(eq(bookings.id, booking.id)).returning();
    return row!;
  });
}
