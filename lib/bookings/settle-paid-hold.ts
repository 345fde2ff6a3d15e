import type { Tx } from "@/lib/db/client";
import type { BookingRow } from "@/lib/db/schema";
import { withSavepoint } from "@/lib/db/transaction";
import { expireHold } from "./expire-hold";
import { isLiveHold } from "./holds";
import { expireLapsedHoldsOverlapping, isSlotConflict, lockCalendarRange } from "./occupy-slot";
import { confirmHeldBooking } from "./settle-confirmed";

/**
 * The one bookings verb a payment settles through (lib/payments/settle-booking.ts): a booking
 * never confirmed whose payment has taken the customer's money, inside the caller's
 * transaction with the booking locked (docs/decisions.md#bookings):
 * - its card hold is alive → confirmed;
 * - its hold lapsed → confirmed if the slot is still free (the exclusion constraint decides,
 *   after lapsed holds on the range are flipped) and the appointment is still ahead;
 * - otherwise (slot taken, appointment passed, booking cancelled) → not confirmed, and a
 *   lapsed hold reads as what it is (expired).
 * Confirming writes what every confirmation writes (booking.created, the confirmation message).
 */
export async function settlePaidHold(tx: Tx, input: { booking: BookingRow; accountId: string; now: Date }): Promise<{ isConfirmed: boolean }> {
  const { booking, accountId, now } = input;
  if (booking.status === "awaiting_payment" && isLiveHold(booking, now)) {
    await confirmHeldBooking(tx, { booking, accountId, now });
    return { isConfirmed: true };
  }
  if ((booking.status === "awaiting_payment" || booking.status === "expired") && booking.startsAt > now) {
    await lockCalendarRange(tx, booking.staffId, booking);
    await expireLapsedHoldsOverlapping(tx, { staffId: booking.staffId, times: booking, now });
    try {
      await withSavepoint(tx, (savepoint) => confirmHeldBooking(savepoint, { booking, accountId, now }));
      return { isConfirmed: true };
    } catch (error) {
      if (!isSlotConflict(error)) throw error;
    }
  }
  if (booking.status === "awaiting_payment") await expireHold(tx, booking.id, now);
  return { isConfirmed: false };
}
