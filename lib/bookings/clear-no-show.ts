import { eq } from "drizzle-orm";
import { bookings, type BookingRow } from "@/lib/db/schema";
import type { Ctx } from "@/lib/context";
import { lockBookingOrThrow } from "./get-booking";
import { noShowNotApplicable } from "./mark-no-show";
import { withTransaction } from "@/lib/db/transaction";

/** DELETE /v1/bookings/{id}/no-show: a booking marked no-show goes back to confirmed. */
export async function clearNoShow({ ctx, id }: { ctx: Ctx; id: string }): Promise<BookingRow> {
  const now = ctx.clock.now();
  return withTransaction(ctx, async (tx) => {
    const booking = await lockBookingOrThrow(tx, { workspaceId: ctx.workspace.id, id });
    if (booking.status !== "no_show") throw noShowNotApplicable("This booking is not marked as a no-show.");
    const [row] = await tx.update(bookings).set({ status: "confirmed", updatedAt: now }).where(eq(bookings.id, booking.id)).returning();
    return row!;
  });
}
