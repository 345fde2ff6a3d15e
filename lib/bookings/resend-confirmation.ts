import type { BookingRow } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors";
import type { Ctx } from "@/lib/context";
import { withTransaction } from "@/lib/db/transaction";
import { queueBookingMessages } from "@/lib/notifications/queue-booking-messages";
import { lockBookingOrThrow } from "./get-booking";

/**
 * POST /v1/bookings/{id}/resend-confirmation (the console's "Resend confirmation"): the
 * customer's confirmation email again, as it reads now (time, manage link, `.ics`), for a
 * confirmed booking only. Email only: a text again would spend an SMS credit, and the business
 * is not told twice. The booking itself does not change.
 */
export async function resendConfirmation({ ctx, id }: { ctx: Ctx; id: string }): Promise<BookingRow> {
  const now = ctx.clock.now();
  return withTransaction(ctx, async (tx) => {
    const booking = await lockBookingOrThrow(tx, { workspaceId: ctx.workspace.id, id });
    if (booking.status !== "confirmed") {
      throw new DomainError("booking_not_confirmed", "Only a confirmed booking's confirmation can be sent again.");
    }
    await queueBookingMessages(tx, { kind: "confirmation", bookingId: booking.id, channels: ["email"], now });
    return booking;
  });
}
