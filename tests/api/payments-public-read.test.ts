import { describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { book, localAt, setNow } from "../helpers/bookings";
import { paymentOf } from "../helpers/payments";
import { bookPaidOnStripe, stripeSays, useStripeStandIn } from "../helpers/stripe-setup";
import { addService, updateWorkspace } from "../helpers/factories";

/** The public booking read's `payment` (spec: BookingPaymentState), on Stripe via the stand-in. */
const { standIn } = useStripeStandIn();
const minutes = (n: number) => n * 60_000;

async function read(token: string) {
  const response = await api.get(`/v1/public/bookings/${token}`);
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.booking;
}

describe("GET /v1/public/bookings/{token} payment", () => {
  it("while the customer can pay: client secret, connected account, hold expiry, the policy verbatim; nothing else", async () => {
    const paid = await bookPaidOnStripe({ priceCents: 4_500 });
    const policy = "  Deposits <b>refunded</b> in full\nuntil 24 h before — 100%  ";
    await updateWorkspace(paid.ws, { refundPolicy: policy });
    const booking = await read(paid.booking.access_token);
    expect(booking.status).toBe("awaiting_payment");
    expect(booking.payment).toEqual({
      status: "requires_payment",
      amount_cents: 4_500,
      currency: "usd",
      amount_refunded_cents: 0,
      refund_policy: policy,
      client_secret: paid.booking.payment.client_secret,
      connected_account_id: paid.accountId,
      hold_expires_at: paid.booking.hold_expires_at,
    });
  });

  it("refund_policy is an empty string when the business has none", async () => {
    const paid = await bookPaidOnStripe();
    await updateWorkspace(paid.ws, { refundPolicy: null });
    expect((await read(paid.booking.access_token)).payment.refund_policy).toBe("");
  });

  it("once paid: succeeded, no client secret, no account, no hold expiry; a booking without payment has no payment key", async () => {
    const paid = await bookPaidOnStripe();
    await stripeSays(standIn(), paid, "succeeded");
    const booking = await read(paid.booking.access_token);
    expect(booking.status).toBe("confirmed");
    expect(booking.payment).toEqual({
      status: "succeeded",
      amount_cents: 4_500,
      currency: "usd",
      amount_refunded_cents: 0,
      refund_policy: "Full refund up to 24 hours before.",
    });

    const free = await book(paid.ws, { service_id: (await addService(paid.ws)).id, starts_at: localAt(paid.ws, 3, "10:00") });
    expect(await read(free.body.access_token)).not.toHaveProperty("payment");
  });

  it("a late webhook is caught up by the read: the payment re-read from Stripe confirms the booking", async () => {
    const paid = await bookPaidOnStripe();
    standIn().setIntentStatus((await paymentOf(paid.booking.id)).intentId!, "succeeded");
    const booking = await read(paid.booking.access_token);
    expect(booking.status).toBe("confirmed");
    expect(booking.payment.status).toBe("succeeded");
  });

  it("Stripe down at create: initializing and payment_unavailable while it stays down; the read sets the payment up once it is back", async () => {
    standIn().setMode("down");
    const paid = await bookPaidOnStripe();
    const down = await read(paid.booking.access_token);
    expect(down.status).toBe("awaiting_payment");
    expect(down.payment).toEqual({
      status: "initializing",
      amount_cents: 4_500,
      currency: "usd",
      amount_refunded_cents: 0,
      refund_policy: "Full refund up to 24 hours before.",
      payment_unavailable: true,
      hold_expires_at: paid.booking.hold_expires_at,
    });

    standIn().setMode("up");
    const back = await read(paid.booking.access_token);
    const intent = standIn().intents.get((await paymentOf(paid.booking.id)).intentId!)!;
    expect(back.payment).toEqual({
      status: "requires_payment",
      amount_cents: 4_500,
      currency: "usd",
      amount_refunded_cents: 0,
      refund_policy: "Full refund up to 24 hours before.",
      client_secret: intent.client_secret,
      connected_account_id: paid.accountId,
      hold_expires_at: paid.booking.hold_expires_at,
    });
    const creates = standIn().requests.filter((r) => r.path === "/v1/payment_intents" && r.stripeAccount === paid.accountId);
    expect(creates.length).toBeGreaterThanOrEqual(2);
    expect(new Set(creates.map((r) => r.idempotencyKey))).toEqual(new Set([`pi-create:${paid.booking.id}`]));
  });

  it("Stripe down while the customer could pay: payment_unavailable beside the client secret", async () => {
    const paid = await bookPaidOnStripe();
    standIn().setMode("refuse");
    const booking = await read(paid.booking.access_token);
    expect(booking.payment).toMatchObject({ status: "requires_payment", payment_unavailable: true, client_secret: paid.booking.payment.client_secret });
  });

  it("after the hold lapsed there is nothing to resume: no payment_unavailable and no hold expiry", async () => {
    const paid = await bookPaidOnStripe();
    await setNow(new Date(Date.now() + minutes(31)));
    standIn().setMode("down");
    const booking = await read(paid.booking.access_token);
    expect(booking.status).toBe("expired");
    expect(booking.payment).not.toHaveProperty("payment_unavailable");
    expect(booking.payment).not.toHaveProperty("hold_expires_at");
  });

  it("the customer's cancel refunds in full and answers the payment state after the change", async () => {
    const paid = await bookPaidOnStripe();
    await stripeSays(standIn(), paid, "succeeded");
    const cancelled = await api.post(`/v1/public/bookings/${paid.booking.access_token}/cancel`, { body: {} });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body.booking.payment).toEqual({
      status: "refund_pending",
      amount_cents: 4_500,
      currency: "usd",
      amount_refunded_cents: 0,
      refund_policy: "Full refund up to 24 hours before.",
    });
    const refund = [...standIn().refunds.values()].find((r) => r.account === paid.accountId)!;
    expect(refund.amount).toBe(4_500);
  });

  it("a refunded payment shows amount_refunded_cents", async () => {
    standIn().setNewRefundStatus("succeeded");
    const paid = await bookPaidOnStripe({ paymentMode: "deposit_fixed", priceCents: 6_000, depositAmountCents: 1_200 });
    await stripeSays(standIn(), paid, "succeeded");
    const cancelled = await api.post(`/v1/public/bookings/${paid.booking.access_token}/cancel`, { body: {} });
    expect(cancelled.body.booking.payment).toMatchObject({ status: "refunded", amount_cents: 1_200, amount_refunded_cents: 1_200 });
  });
});
