import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import { setConfigForTesting } from "@/lib/config";
import { book, localAt, newCustomer } from "./bookings";
import { newWorkspace, type TestWorkspace } from "./fixtures";
import { addPaidService, paymentOf, sendStripeEvent, WEBHOOK_SECRET } from "./payments";
import { startStripeStandIn, type StripeStandIn } from "./stripe-stand-in";

/**
 * For a test file that runs the paid flow against Stripe: stripe-node configured with
 * STRIPE_SECRET_KEY / STRIPE_WEBHOOK_SECRET and pointed (STRIPE_API_BASE → host, port,
 * protocol) at a local stand-in, restarted as "up" before each test.
 */
export function useStripeStandIn(): { standIn: () => StripeStandIn } {
  let standIn: StripeStandIn;
  beforeAll(async () => {
    standIn = await startStripeStandIn();
  });
  afterAll(async () => {
    await standIn.close();
  });
  beforeEach(() => {
    standIn.setMode("up");
    standIn.setNewRefundStatus("pending");
    setConfigForTesting({ stripe: { secretKey: "sk_test_payments", webhookSecret: WEBHOOK_SECRET, publishableKey: undefined, apiBase: standIn.url } });
  });
  return { standIn: () => standIn };
}

export type PaidBooking = { ws: TestWorkspace; accountId: string; serviceId: string; booking: any; customerEmail: string };

/** A workspace with a connected account and a paid service, and one booking of it (via the pk). */
export async function bookPaidOnStripe(fields: Parameters<typeof addPaidService>[1] = {}, days = 2): Promise<PaidBooking> {
  const ws = await newWorkspace();
  const { service, accountId } = await addPaidService(ws, fields);
  const customer = newCustomer();
  const response = await book(ws, { service_id: service.id, starts_at: localAt(ws, days, "10:00"), customer }, { key: ws.pk });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return { ws, accountId, serviceId: service.id, booking: response.body, customerEmail: customer.email };
}

/** Stripe moves the intent on, then tells us with a signed event (whose body we never trust). */
export async function stripeSays(standIn: StripeStandIn, paid: PaidBooking, intentStatus: string, type = `payment_intent.${intentStatus}`) {
  const payment = await paymentOf(paid.booking.id);
  const intent = standIn.setIntentStatus(payment.intentId!, intentStatus);
  const response = await sendStripeEvent({ type, object: { ...intent }, account: paid.accountId });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response;
}
