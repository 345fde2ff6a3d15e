import { describe, expect, it } from "vitest";
import { setConfigForTesting } from "@/lib/config";
import { api } from "../helpers/api";
import { bookingRow, deliveriesOf, messagesTo } from "../helpers/bookings";
import { expectError } from "../helpers/fixtures";
import { isEventRecorded, paymentOf, postStripeEvent, sendStripeEvent, stripeEvent, WEBHOOK_SECRET } from "../helpers/payments";
import { bookPaidOnStripe, stripeSays, useStripeStandIn } from "../helpers/stripe-setup";
import { addWebhookEndpoint } from "../helpers/factories";

/** The paid flow on Stripe Connect: stripe-node against the local stand-in, signed webhook events. */
const { standIn } = useStripeStandIn();

describe("the PaymentIntent at create (direct charge on the connected account)", () => {
  it("is created with the Stripe-Account header, our idempotency key and the snapshot amount", async () => {
    const paid = await bookPaidOnStripe({ paymentMode: "deposit_percent", priceCents: 3_999, depositPercent: 15 });
    // 15% of 3999 = 599.85 → 600.
    const payment = await paymentOf(paid.booking.id);
    const sent = standIn().requests.filter((r) => r.path === "/v1/payment_intents" && r.stripeAccount === paid.accountId);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: "POST", idempotencyKey: `pi-create:${paid.booking.id}` });
    expect(sent[0]!.form).toMatchObject({
      amount: "600",
      currency: "usd",
      capture_method: "automatic",
      "allowed_payment_method_types[0]": "card",
      "metadata[payment_id]": payment.id,
    });
    const intent = standIn().intents.get(payment.intentId!)!;
    expect(intent.account).toBe(paid.accountId);
    expect(paid.booking.payment).toEqual({ client_secret: intent.client_secret, amount_cents: 600, currency: "usd", connected_account_id: paid.accountId });
    expect(payment).toMatchObject({ processor: "stripe", status: "requires_payment", amountCents: 600 });
  });

  it("Stripe unreachable at create: 201, the slot held, no payment block, the payment initializing", async () => {
    standIn().setMode("refuse");
    const paid = await bookPaidOnStripe();
    expect(paid.booking.status).toBe("awaiting_payment");
    expect(paid.booking.hold_expires_at).toBeDefined();
    expect(paid.booking).not.toHaveProperty("payment");
    expect(await paymentOf(paid.booking.id)).toMatchObject({ status: "initializing", intentId: null, clientSecret: null });
  });

  it("Stripe answering 500 at create: the same", async () => {
    standIn().setMode("down");
    const paid = await bookPaidOnStripe();
    expect(paid.booking).not.toHaveProperty("payment");
    expect((await paymentOf(paid.booking.id)).status).toBe("initializing");
  });
});

describe("POST /api/stripe/webhook", () => {
  it("payment_intent.succeeded confirms the booking once; a redelivered event changes nothing", async () => {
    const paid = await bookPaidOnStripe();
    await addWebhookEndpoint(paid.ws);
    const first = await stripeSays(standIn(), paid, "succeeded");
    expect(first.body).toEqual({ received: true, outcome: "applied" });
    expect(await isEventRecorded(first.eventId)).toBe(true);
    expect(await paymentOf(paid.booking.id)).toMatchObject({ status: "succeeded" });
    expect(await bookingRow(paid.booking.id)).toMatchObject({ status: "confirmed", holdExpiresAt: null });
    expect((await deliveriesOf(paid.ws)).map((d) => d.type)).toEqual(["booking.created"]);
    expect(await messagesTo(paid.customerEmail)).toHaveLength(1);

    const payment = await paymentOf(paid.booking.id);
    const again = await sendStripeEvent({
      id: first.eventId,
      type: "payment_intent.succeeded",
      object: { ...standIn().intents.get(payment.intentId!)! },
      account: paid.accountId,
    });
    expect(again.body).toEqual({ received: true, outcome: "duplicate" });
    expect(await deliveriesOf(paid.ws)).toHaveLength(1);
    expect(await messagesTo(paid.customerEmail)).toHaveLength(1);
  });

  it("re-reads the intent: an event body that claims more than Stripe holds changes nothing", async () => {
    const paid = await bookPaidOnStripe();
    const payment = await paymentOf(paid.booking.id);
    const forged = { ...standIn().intents.get(payment.intentId!)!, status: "succeeded" };
    const response = await sendStripeEvent({ type: "payment_intent.succeeded", object: forged, account: paid.accountId });
    expect(response.body.outcome).toBe("applied");
    expect(standIn().requests.at(-1)).toMatchObject({ method: "GET", path: `/v1/payment_intents/${payment.intentId}`, stripeAccount: paid.accountId });
    expect((await paymentOf(paid.booking.id)).status).toBe("requires_payment");
    expect((await bookingRow(paid.booking.id)).status).toBe("awaiting_payment");
  });

  it("processing confirms; succeeded follows; late processing/payment_failed events never move it back", async () => {
    const paid = await bookPaidOnStripe();
    await addWebhookEndpoint(paid.ws);
    await stripeSays(standIn(), paid, "processing");
    expect((await paymentOf(paid.booking.id)).status).toBe("processing");
    expect((await bookingRow(paid.booking.id)).status).toBe("confirmed");

    await stripeSays(standIn(), paid, "succeeded");
    expect((await paymentOf(paid.booking.id)).status).toBe("succeeded");
    const intent = standIn().intents.get((await paymentOf(paid.booking.id)).intentId!)!;
    // Out of order: the older events arrive last, with their stale bodies.
    for (const type of ["payment_intent.processing", "payment_intent.payment_failed", "payment_intent.requires_action"]) {
      const late = await sendStripeEvent({ type, object: { ...intent, status: "processing" }, account: paid.accountId });
      expect(late.body.outcome).toBe("applied");
    }
    expect((await paymentOf(paid.booking.id)).status).toBe("succeeded");
    expect((await deliveriesOf(paid.ws)).map((d) => d.type)).toEqual(["booking.created"]);
  });

  it("payment_failed keeps requires_payment (another card may pay); canceled → canceled", async () => {
    const paid = await bookPaidOnStripe();
    await stripeSays(standIn(), paid, "requires_payment_method", "payment_intent.payment_failed");
    expect((await paymentOf(paid.booking.id)).status).toBe("requires_payment");
    expect((await bookingRow(paid.booking.id)).status).toBe("awaiting_payment");
    await stripeSays(standIn(), paid, "canceled");
    expect((await paymentOf(paid.booking.id)).status).toBe("canceled");
    // A canceled payment is final.
    await stripeSays(standIn(), paid, "succeeded");
    expect((await paymentOf(paid.booking.id)).status).toBe("canceled");
  });

  it("a disputed payment stays succeeded", async () => {
    const paid = await bookPaidOnStripe();
    await stripeSays(standIn(), paid, "succeeded");
    const payment = await paymentOf(paid.booking.id);
    const dispute = await sendStripeEvent({
      type: "charge.dispute.created",
      object: { id: "dp_1", object: "dispute", payment_intent: payment.intentId, amount: 4_500, status: "needs_response" },
      account: paid.accountId,
    });
    expect(dispute.body.outcome).toBe("applied");
    expect((await paymentOf(paid.booking.id)).status).toBe("succeeded");
  });

  it("finds a payment whose create response was lost, by our payment id in the intent's metadata", async () => {
    standIn().setMode("lose-response");
    const paid = await bookPaidOnStripe();
    standIn().setMode("up");
    const payment = await paymentOf(paid.booking.id);
    expect(payment).toMatchObject({ status: "initializing", intentId: null });
    const intent = [...standIn().intents.values()].find((i) => i.metadata.payment_id === payment.id)!;
    standIn().setIntentStatus(intent.id, "succeeded");
    const response = await sendStripeEvent({ type: "payment_intent.succeeded", object: { ...intent }, account: paid.accountId });
    expect(response.body.outcome).toBe("applied");
    expect(await paymentOf(paid.booking.id)).toMatchObject({ status: "succeeded", intentId: intent.id });
    expect((await bookingRow(paid.booking.id)).status).toBe("confirmed");
  });

  it("Stripe down while re-reading: 503 and the event is not recorded, so Stripe's redelivery applies it", async () => {
    const paid = await bookPaidOnStripe();
    const payment = await paymentOf(paid.booking.id);
    const event = stripeEvent({
      type: "payment_intent.succeeded",
      object: { ...standIn().setIntentStatus(payment.intentId!, "succeeded") },
      account: paid.accountId,
    });
    standIn().setMode("down");
    expectError(await postStripeEvent(event), 503, "transient_failure");
    expect(await isEventRecorded(event.id)).toBe(false);
    expect((await paymentOf(paid.booking.id)).status).toBe("requires_payment");
    standIn().setMode("up");
    expect((await postStripeEvent(event)).body.outcome).toBe("applied");
    expect((await paymentOf(paid.booking.id)).status).toBe("succeeded");
  });

  it("ignores (200) events without a connected account, of another account, of the other mode, of unused types", async () => {
    const paid = await bookPaidOnStripe();
    const payment = await paymentOf(paid.booking.id);
    const intent = { ...standIn().setIntentStatus(payment.intentId!, "succeeded") };
    const cases = [
      [{ type: "payment_intent.succeeded", object: intent, account: null }, "not a connected-account event"],
      [{ type: "payment_intent.succeeded", object: intent, account: "acct_someone_else" }, "no such payment"],
      [{ type: "payment_intent.succeeded", object: intent, account: paid.accountId, livemode: true }, "other mode"],
      [{ type: "customer.created", object: { id: "cus_1", object: "customer" }, account: paid.accountId }, "event type not used"],
    ] as const;
    for (const [input, reason] of cases) {
      const response = await sendStripeEvent(input);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ received: true, outcome: "ignored", reason });
      expect(await isEventRecorded(response.eventId)).toBe(false);
    }
    expect((await paymentOf(paid.booking.id)).status).toBe("requires_payment");
  });

  it("refuses a bad or missing signature (401) and a tampered body; 404 when Stripe is not configured; 405 for GET", async () => {
    const paid = await bookPaidOnStripe();
    const payment = await paymentOf(paid.booking.id);
    const intent = { ...standIn().setIntentStatus(payment.intentId!, "succeeded") };
    const wrongSecret = stripeEvent({ type: "payment_intent.succeeded", object: intent, account: paid.accountId, secret: "whsec_not_ours" });
    expectError(await postStripeEvent(wrongSecret), 401, "unauthorized");
    const good = stripeEvent({ type: "payment_intent.succeeded", object: intent, account: paid.accountId });
    expectError(await postStripeEvent({ rawBody: good.rawBody.replace(paid.accountId, "acct_tampered"), signature: good.signature }), 401, "unauthorized");
    expectError(await postStripeEvent({ rawBody: good.rawBody, signature: "" }), 401, "unauthorized");
    expect((await api.get("/api/stripe/webhook")).status).toBe(405);
    expect((await paymentOf(paid.booking.id)).status).toBe("requires_payment");

    setConfigForTesting({ stripe: undefined });
    expectError(await postStripeEvent(good), 404, "not_found");
    setConfigForTesting({ stripe: { secretKey: "sk_test_payments", webhookSecret: undefined, publishableKey: undefined, apiBase: standIn().url } });
    expectError(await postStripeEvent(good), 404, "not_found");
    expect(WEBHOOK_SECRET).toMatch(/^whsec_/);
  });
});
