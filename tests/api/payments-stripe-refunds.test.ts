import { afterEach, describe, expect, it, vi } from "vitest";
import { getStripeClient } from "@/lib/payments/stripe-processor";
import { api } from "../helpers/api";
import { book, bookingRow, deliveriesOf, setNow } from "../helpers/bookings";
import { isEventRecorded, paymentOf, runPaymentSweeps, sendStripeEvent } from "../helpers/payments";
import { bookPaidOnStripe, stripeSays, useStripeStandIn, type PaidBooking } from "../helpers/stripe-setup";
import { addService, addWebhookEndpoint } from "../helpers/factories";
import { getLogger } from "@/lib/log/logger";

/** Refunds, late success and lapsed holds on Stripe Connect (stripe-node against the stand-in). */
const { standIn } = useStripeStandIn();
const minutes = (n: number) => n * 60_000;

afterEach(() => {
  vi.restoreAllMocks();
});

async function paidAndSucceeded(fields: Parameters<typeof bookPaidOnStripe>[0] = {}): Promise<PaidBooking> {
  const paid = await bookPaidOnStripe(fields);
  await stripeSays(standIn(), paid, "succeeded");
  return paid;
}

function refundRequestsFor(accountId: string) {
  return standIn().requests.filter((r) => r.method === "POST" && r.path === "/v1/refunds" && r.stripeAccount === accountId);
}

async function refundEvent(paid: PaidBooking, refundId: string, status: string, type = "refund.updated") {
  const refund = standIn().setRefundStatus(refundId, status);
  const response = await sendStripeEvent({ type, object: { ...refund }, account: paid.accountId });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response;
}

describe("cancelling a paid booking refunds it (docs/decisions.md#bookings)", () => {
  it("refund_pending with our idempotency key, then refunded from Stripe's refund event", async () => {
    const paid = await paidAndSucceeded();
    const payment = await paymentOf(paid.booking.id);
    const cancelled = await api.post(`/v1/bookings/${paid.booking.id}/cancel`, { key: paid.ws.sk, body: {} });
    expect(cancelled.status).toBe(200);

    const sent = refundRequestsFor(paid.accountId);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ idempotencyKey: `refund:${payment.id}:1`, form: { payment_intent: payment.intentId, amount: "4500" } });
    expect(await paymentOf(paid.booking.id)).toMatchObject({
      status: "refund_pending",
      statusBeforeRefund: "succeeded",
      amountRefundedCents: 0,
      refundDueAt: null,
      refundAttempts: 1,
    });

    const refundId = [...standIn().refunds.values()].find((r) => r.payment_intent === payment.intentId)!.id;
    const settled = await refundEvent(paid, refundId, "succeeded");
    expect(settled.body.outcome).toBe("applied");
    expect(await paymentOf(paid.booking.id)).toMatchObject({ status: "refunded", amountRefundedCents: 4_500, statusBeforeRefund: null });

    // Stripe's other refund events for the same refund, late and twice: nothing moves.
    await refundEvent(paid, refundId, "succeeded", "charge.refunded");
    const duplicate = await sendStripeEvent({
      id: settled.eventId,
      type: "refund.updated",
      object: { ...standIn().refunds.get(refundId)! },
      account: paid.accountId,
    });
    expect(duplicate.body.outcome).toBe("duplicate");
    expect(await paymentOf(paid.booking.id)).toMatchObject({ status: "refunded", amountRefundedCents: 4_500 });
    expect(refundRequestsFor(paid.accountId)).toHaveLength(1);
  });

  it("a refund Stripe settles at once: refunded straight away", async () => {
    standIn().setNewRefundStatus("succeeded");
    const paid = await paidAndSucceeded({ paymentMode: "deposit_fixed", priceCents: 8_000, depositAmountCents: 2_500 });
    await api.post(`/v1/bookings/${paid.booking.id}/cancel`, { key: paid.ws.sk, body: {} });
    expect(await paymentOf(paid.booking.id)).toMatchObject({ status: "refunded", amountRefundedCents: 2_500 });
  });

  it("a failed refund returns to the previous status and raises an alert in the log", async () => {
    const paid = await paidAndSucceeded();
    await api.post(`/v1/bookings/${paid.booking.id}/cancel`, { key: paid.ws.sk, body: {} });
    const payment = await paymentOf(paid.booking.id);
    expect(payment.status).toBe("refund_pending");
    const errors = vi.spyOn(getLogger(), "error").mockImplementation(() => {});
    const refundId = [...standIn().refunds.values()].find((r) => r.payment_intent === payment.intentId)!.id;
    await refundEvent(paid, refundId, "failed", "refund.failed");
    expect(await paymentOf(paid.booking.id)).toMatchObject({ status: "succeeded", amountRefundedCents: 0, statusBeforeRefund: null });
    expect(errors.mock.calls.map((call) => String(call[0])).join("\n")).toMatch(new RegExp(`ALERT refund failed for payment ${payment.id}`));
  });

  it("a partial refund from the dashboard → partially_refunded; cancelling then refunds the rest", async () => {
    const paid = await paidAndSucceeded();
    const payment = await paymentOf(paid.booking.id);
    const dashboard = await getStripeClient().refunds.create({ payment_intent: payment.intentId!, amount: 1_000 }, { stripeAccount: paid.accountId });
    standIn().setRefundStatus(dashboard.id, "succeeded");
    await sendStripeEvent({
      type: "charge.refunded",
      object: { id: "ch_1", object: "charge", payment_intent: payment.intentId, amount_refunded: 1_000 },
      account: paid.accountId,
    });
    expect(await paymentOf(paid.booking.id)).toMatchObject({ status: "partially_refunded", amountRefundedCents: 1_000 });

    await api.post(`/v1/bookings/${paid.booking.id}/cancel`, { key: paid.ws.sk, body: {} });
    const ours = refundRequestsFor(paid.accountId).filter((r) => r.idempotencyKey === `refund:${payment.id}:1`);
    expect(ours.map((r) => r.form.amount)).toEqual(["3500"]);
    expect(await paymentOf(paid.booking.id)).toMatchObject({ status: "refund_pending", statusBeforeRefund: "partially_refunded" });
    const rest = [...standIn().refunds.values()].find((r) => r.amount === 3_500)!;
    await refundEvent(paid, rest.id, "succeeded");
    expect(await paymentOf(paid.booking.id)).toMatchObject({ status: "refunded", amountRefundedCents: 4_500 });
  });

  it("cancelled while the payment is processing: the refund waits for the success, then goes out", async () => {
    const paid = await bookPaidOnStripe();
    await stripeSays(standIn(), paid, "processing");
    await api.post(`/v1/bookings/${paid.booking.id}/cancel`, { key: paid.ws.sk, body: {} });
    const waiting = await paymentOf(paid.booking.id);
    expect(waiting.status).toBe("processing");
    expect(waiting.refundDueAt).not.toBeNull();
    expect(refundRequestsFor(paid.accountId)).toEqual([]);
    await stripeSays(standIn(), paid, "succeeded");
    expect(refundRequestsFor(paid.accountId).map((r) => r.form.amount)).toEqual(["4500"]);
    expect((await paymentOf(paid.booking.id)).status).toBe("refund_pending");
  });

  it("a refund Stripe refuses (already refunded from the dashboard) is logged; the state follows Stripe's refunds", async () => {
    const paid = await paidAndSucceeded();
    const payment = await paymentOf(paid.booking.id);
    await getStripeClient().refunds.create({ payment_intent: payment.intentId!, amount: 4_500 }, { stripeAccount: paid.accountId });
    const errors = vi.spyOn(getLogger(), "error").mockImplementation(() => {});
    await api.post(`/v1/bookings/${paid.booking.id}/cancel`, { key: paid.ws.sk, body: {} });
    expect(errors.mock.calls.map((call) => String(call[0])).join("\n")).toMatch(new RegExp(`ALERT refund of payment ${payment.id} refused`));
    expect(await paymentOf(paid.booking.id)).toMatchObject({ status: "refund_pending", refundDueAt: null, refundAttempts: 1 });
    expect([...standIn().refunds.values()].filter((r) => r.payment_intent === payment.intentId)).toHaveLength(1);
  });

  it("refund: false keeps the money; no refund is requested", async () => {
    const paid = await paidAndSucceeded();
    await api.post(`/v1/bookings/${paid.booking.id}/cancel`, { key: paid.ws.sk, body: { refund: false } });
    expect(refundRequestsFor(paid.accountId)).toEqual([]);
    expect((await paymentOf(paid.booking.id)).status).toBe("succeeded");
  });

  it("Stripe down at cancel: the refund stays owed and the refund sweep creates it later, once", async () => {
    const paid = await paidAndSucceeded();
    standIn().setMode("down");
    const cancelled = await api.post(`/v1/bookings/${paid.booking.id}/cancel`, { key: paid.ws.sk, body: {} });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe("cancelled");
    const owed = await paymentOf(paid.booking.id);
    expect(owed).toMatchObject({ status: "succeeded", refundAttempts: 0 });
    expect(owed.refundDueAt).not.toBeNull();
    expect((await runPaymentSweeps())["payment-refunds"]).toBe(0);

    standIn().setMode("up");
    expect((await runPaymentSweeps())["payment-refunds"]).toBeGreaterThanOrEqual(1);
    expect(await paymentOf(paid.booking.id)).toMatchObject({ status: "refund_pending", refundDueAt: null, refundAttempts: 1 });
    await runPaymentSweeps();
    // Every attempt carried the same key, so Stripe made one refund.
    const sent = refundRequestsFor(paid.accountId);
    expect(new Set(sent.map((r) => r.idempotencyKey))).toEqual(new Set([`refund:${owed.id}:1`]));
    expect([...standIn().refunds.values()].filter((r) => r.payment_intent === owed.intentId)).toHaveLength(1);
  });
});

describe("late success on Stripe", () => {
  it("slot still free: the late payment confirms the booking and announces it", async () => {
    const paid = await bookPaidOnStripe();
    await addWebhookEndpoint(paid.ws);
    await setNow(new Date(Date.now() + minutes(45)));
    await stripeSays(standIn(), paid, "succeeded");
    expect(await bookingRow(paid.booking.id)).toMatchObject({ status: "confirmed", holdExpiresAt: null });
    expect((await deliveriesOf(paid.ws)).map((d) => d.type)).toEqual(["booking.created"]);
    expect(refundRequestsFor(paid.accountId)).toEqual([]);
  });

  it("slot taken: a full refund, and the booking stays expired", async () => {
    const paid = await bookPaidOnStripe();
    await setNow(new Date(Date.now() + minutes(45)));
    const other = await book(paid.ws, { service_id: (await addService(paid.ws)).id, starts_at: paid.booking.starts_at });
    expect(other.body.status).toBe("confirmed");

    const response = await stripeSays(standIn(), paid, "succeeded");
    const payment = await paymentOf(paid.booking.id);
    expect((await bookingRow(paid.booking.id)).status).toBe("expired");
    expect(refundRequestsFor(paid.accountId).map((r) => [r.idempotencyKey, r.form.amount])).toEqual([[`refund:${payment.id}:1`, "4500"]]);
    expect(payment.status).toBe("refund_pending");
    expect(await isEventRecorded(response.eventId)).toBe(true);
  });

  it("a late processing payment waits: booking expired, no refund until it succeeds", async () => {
    const paid = await bookPaidOnStripe();
    await setNow(new Date(Date.now() + minutes(45)));
    await book(paid.ws, { service_id: (await addService(paid.ws)).id, starts_at: paid.booking.starts_at });
    await stripeSays(standIn(), paid, "processing");
    expect((await paymentOf(paid.booking.id)).status).toBe("processing");
    expect(refundRequestsFor(paid.accountId)).toEqual([]);
    await stripeSays(standIn(), paid, "succeeded");
    expect(refundRequestsFor(paid.accountId)).toHaveLength(1);
  });
});

describe("a lapsed hold cancels its unpaid PaymentIntent", () => {
  it("the sweep cancels it on the connected account: abandoned, key pi-cancel:<bookingId>", async () => {
    const paid = await bookPaidOnStripe();
    const payment = await paymentOf(paid.booking.id);
    await setNow(new Date(Date.now() + minutes(31)));
    await runPaymentSweeps();
    const cancel = standIn().requests.filter((r) => r.path === `/v1/payment_intents/${payment.intentId}/cancel`);
    expect(cancel).toHaveLength(1);
    expect(cancel[0]).toMatchObject({
      stripeAccount: paid.accountId,
      idempotencyKey: `pi-cancel:${paid.booking.id}`,
      form: { cancellation_reason: "abandoned" },
    });
    expect((await paymentOf(paid.booking.id)).status).toBe("canceled");
    expect(standIn().intents.get(payment.intentId!)!.status).toBe("canceled");
  });

  it("paid just before the sweep (webhook not yet in): the cancel is refused, the intent re-read, the booking confirmed", async () => {
    const paid = await bookPaidOnStripe();
    const payment = await paymentOf(paid.booking.id);
    standIn().setIntentStatus(payment.intentId!, "succeeded");
    await setNow(new Date(Date.now() + minutes(31)));
    await runPaymentSweeps();
    expect((await paymentOf(paid.booking.id)).status).toBe("succeeded");
    expect((await bookingRow(paid.booking.id)).status).toBe("confirmed");
  });

  it("Stripe down during the sweep: the intent stays open and is cancelled on a later sweep", async () => {
    const paid = await bookPaidOnStripe();
    await setNow(new Date(Date.now() + minutes(31)));
    standIn().setMode("down");
    await runPaymentSweeps();
    expect((await paymentOf(paid.booking.id)).status).toBe("requires_payment");
    standIn().setMode("up");
    await runPaymentSweeps();
    expect((await paymentOf(paid.booking.id)).status).toBe("canceled");
  });

  it("an intent never created (Stripe was down at create) is cancelled without a call", async () => {
    standIn().setMode("refuse");
    const paid = await bookPaidOnStripe();
    standIn().setMode("up");
    const before = standIn().requests.length;
    await setNow(new Date(Date.now() + minutes(31)));
    await runPaymentSweeps();
    expect((await paymentOf(paid.booking.id)).status).toBe("canceled");
    expect(
      standIn()
        .requests.slice(before)
        .filter((r) => r.stripeAccount === paid.accountId),
    ).toEqual([]);
  });
});
