import type { BookingRow } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors";
import type { Ctx } from "@/lib/context";
import { lockBookingOrThrow } from "./get-booking";
import { isLiveHold } from "./holds";
import { confirmHeldBooking } from "./settle-confirmed";
import { withTransaction } from "@/lib/db/transaction";

/**
 * POST /v1/bookings/{id}/confirm: the business confirms a booking awaiting its code, without
 * the code. Only a pending booking whose hold is alive (a lapsed hold has already expired).
 */
export async function confirmBooking({ ctx, id }: { ctx: Ctx; id: string }): Promise<BookingRow> {
  const now = ctx.clock.now();
  return withTransaction(ctx, async (tx) => {
    const row = await lockBookingOrThrow(tx, { workspaceId: ctx.workspace.id, id });
    if (row.status !== "pending" || !isLiveHold(row, now)) {
      throw new DomainError("booking_not_pending", "Only a booking awaiting its 6-digit code can be confirmed.");
    }
    return confirmHeldBooking(tx, { booking: row, accountId: ctx.workspace.accountId, now });
  });
}
