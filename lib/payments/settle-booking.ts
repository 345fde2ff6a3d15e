import { settlePaidHold } from "@/lib/bookings/settle-paid-hold";
import type { Tx } from "@/lib/db/client";
import type { BookingRow, PaymentRow } from "@/lib/db/schema";

export type BookingSettlement = {
  /** The booking became confirmed (booking.created and the confirmation message were written). */
  isConfirmed: boolean;
  /** The money must go back in full: the booking cannot be honoured. */
  owesRefund: boolean;
};

/**
 * What a payment that has taken the customer's money (`processing` or `succeeded`) means for
 * a booking that was never confirmed (docs/decisions.md#bookings), inside the caller's
 * transaction with both rows locked. The booking side is one bookings verb, settlePaidHold
 * (confirmed while its hold is alive, or when its lapsed slot is still free and ahead); when
 * the booking cannot be honoured (slot taken, appointment passed, booking cancelled before it
 * was paid), a full refund is owed once the payment has succeeded; a `processing` payment
 * waits for its outcome.
 */
export async function settleBookingForPayment(
  tx: Tx,
  input: { booking: BookingRow; payment: PaymentRow; accountId: string; now: Date },
): Promise<BookingSettlement> {
  const { booking, payment, now } = input;
  const hasMoney = payment.status === "processing" || payment.status === "succeeded";
  if (!hasMoney || booking.confirmedAt !== null) return { isConfirmed: false, owesRefund: false };
  const { isConfirmed } = await settlePaidHold(tx, { booking, accountId: input.accountId, now });
  return { isConfirmed, owesRefund: !isConfirmed && payment.status === "succeeded" };
}
