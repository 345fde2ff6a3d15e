import { refreshBookingPaymentForRead } from "@/lib/payments/refresh-payment-for-read";
import { getCustomerBooking, type CustomerContext } from "./find-booking-by-token";
import { loadPublicBookingRows } from "./load-public-booking";
import type { PublicBooking } from "./schemas";
import { toPublicBooking } from "./serialize";

/**
 * GET /v1/public/bookings/{token}. Reads only: mail scanners prefetch links, so opening one
 * must never change anything. The one exception is not the customer's to make: an unsettled
 * payment is brought up to date with the processor first (lib/payments), which is how a client
 * retries a payment that could not be set up, and how a late webhook is caught up.
 */
export async function getPublicBooking({ ctx }: { ctx: CustomerContext }): Promise<PublicBooking> {
  const now = ctx.clock.now();
  const booking = await getCustomerBooking(ctx.db, ctx);
  const { isPaymentUnavailable } = await refreshBookingPaymentForRead(ctx, booking);
  const view = toPublicBooking(await loadPublicBookingRows(ctx.db, booking.id), now);
  if (isPaymentUnavailable && view.booking.payment) view.booking.payment.payment_unavailable = true;
  return view;
}
