import { expireHold } from "@/lib/bookings/expire-hold";
import { isLiveHold } from "@/lib/bookings/holds";
import { expireLapsedHoldsOverlapping, isSlotConflict, lockCalendarRange } from "@/lib/bookings/occupy-slot";
import { confirmHeldBooking } from "@/lib/bookings/settle-confirmed";
import type { Tx } from "@/lib/db/client";
import { withSavepoint } from "@/lib/db/transaction";
import type { BookingRow, PaymentRow } from "@/lib/db/schema";

export type BookingSettlement = {
  /** The booking became confirmed (booking.created and the confirmation message were written). */
  isConfirmed: boolean;
  /** The money must go back in full: the booking cannot be honoured. */
  owesRefund: boolean;
};

/**
 * What a payment that has taken the customer's money (`processing` or `succeeded`) means for
 * a booking that was never confirmed (docs/decisions.md#bookings), inside the caller's transaction with
 * both rows locked:
 * - its card hold is alive → confirmed;
 * - its hold lapsed → confirmed if the slot is still free (the exclusion constraint decides,
 *   after lapsed holds on the range are flipped) and the appointment is still ahead;
 * - otherwise (slot taken, appointment passed, booking cancelled before it was paid) → a full
 *   refund once the payment has succeeded; a `processing` payment waits for its outcome.
 */
export async function settleBookingForPayment(
  tx: Tx,
  input: { booking: BookingRow; payment: PaymentRow; accountId: string; now: Date },
): Promise<BookingSettlement> {
  const { booking, payment, now } = input;
  const hasMoney = payment.status === "processing" || payment.status === "succeeded";
  if (!hasMoney || booking.confirmedAt !== null) return { isConfirmed: false, owesRefund: false };

  if (booking.status === "awaiting_payment" && isLiveHold(booking, now)) {
    await confirmHeldBooking(tx, { booking, accountId: input.accountId, now });
    return { isConfirmed: true, owesRefund: false };
  }
  if ((booking.status === "awaiting_payment" || booking.status === "expired") && booking.startsAt > now) {
    await lockCalendarRange(tx, booking.staffId, booking);
    await expireLapsedHoldsOverlapping(tx, { staffId: booking.staffId, times: booking, now });
    try {
      await withSavepoint(tx, (savepoint) => confirmHeldBooking(savepoint, { booking, accountId: input.accountId, now }));
      return { isConfirmed: true, owesRefund: false };
    } catch (error) {
      if (!isSlotConflict(error)) throw error;
    }
  }
  // A lapsed hold that cannot be honoured reads as what it is (the bookings domain's expiry step).
  if (booking.status === "awaiting_payment") await expireHold(tx, booking.id, now);
  return { isConfirmed: false, owesRefund: payment.status === "succeeded" };
}
