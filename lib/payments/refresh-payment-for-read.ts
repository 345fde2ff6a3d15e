import { isLiveHold } from "@/lib/bookings/holds";
import type { BookingRow, PaymentRow } from "@/lib/db/schema";
import { UNSETTLED_STATUSES } from "./payment-status";
import { ProcessorRefusedError, ProcessorUnavailableError } from "./processor";
import { findPaymentForBooking, syncPayment, type PaymentContext } from "./sync-payment";
import { logError } from "@/lib/log/logger";

export type RefreshedPayment = {
  payment: PaymentRow;
  /** The payment could be resumed but the processor could not be reached (spec: payment_unavailable). */
  isUnavailable: boolean;
};

/**
 * For the public booking read, while the customer may still pay (`initializing` or
 * `requires_payment`): an `initializing` payment gets its intent now (this is how a client
 * retries after the processor was down at create), and an open one is re-read, so a payment
 * whose webhook is late still shows (and confirms) at once. This changes no customer-visible
 * choice, so prefetching the manage link is harmless. Settled payments are not re-read.
 */
export async function refreshPaymentForRead(
  ctx: PaymentContext,
  input: { payment: PaymentRow; booking: Pick<BookingRow, "status" | "holdExpiresAt"> },
): Promise<RefreshedPayment> {
  const { payment } = input;
  if (!UNSETTLED_STATUSES.includes(payment.status)) return { payment, isUnavailable: false };
  try {
    const applied = await syncPayment(ctx, payment);
    return { payment: applied.payment, isUnavailable: false };
  } catch (error) {
    if (!(error instanceof ProcessorUnavailableError || error instanceof ProcessorRefusedError)) throw error;
    logError(`[payments] payment ${payment.id} could not be refreshed for the public read`, error);
    // Only a payment the customer can still make is "unavailable"; a lapsed hold is simply over.
    return { payment, isUnavailable: isLiveHold(input.booking, ctx.clock.now()) };
  }
}

/** The public read's entry: the booking's payment (if any) refreshed; whether it is unavailable. */
export async function refreshBookingPaymentForRead(
  ctx: PaymentContext,
  booking: Pick<BookingRow, "id" | "workspaceId" | "status" | "holdExpiresAt">,
): Promise<{ isPaymentUnavailable: boolean }> {
  const payment = await findPaymentForBooking(ctx.db, { workspaceId: booking.workspaceId, bookingId: booking.id });
  if (!payment) return { isPaymentUnavailable: false };
  return { isPaymentUnavailable: (await refreshPaymentForRead(ctx, { payment, booking })).isUnavailable };
}
