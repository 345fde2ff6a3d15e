import { devMethodNotAllowed, devRoute } from "@/lib/http/dev-route";
import { settleTestPayment } from "@/lib/payments/settle-test-payment";

type Context = { params: Promise<{ bookingId: string; outcome: string }> };

// POST /dev/payments/{bookingId}/succeed – the test-mode processor's card pays the booking's
// payment; it is applied like a Stripe event (confirms the booking, or refunds a late one).
// POST /dev/payments/{bookingId}/fail – the card is declined; the payment stays requires_payment.
// Dev tools only (404 unless DEV_TOOLS is on); 404 for an unknown booking, a booking without a
// test-mode payment or another outcome; 409 when the payment can no longer be paid.
// Answers {booking_id, booking_status, payment: {status, amount_cents, amount_refunded_cents, currency}}.
export async function POST(request: Request, context: Context): Promise<Response> {
  const params = await context.params;
  return devRoute(async ({ db, clock }) => Response.json(await settleTestPayment({ db, clock }, params)))(request);
}

export const GET = devMethodNotAllowed(["POST"]);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
