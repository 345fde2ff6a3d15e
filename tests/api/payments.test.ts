import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setConfigForTesting } from "@/lib/config";
import { bookings, services } from "@/lib/db/schema";
import { DUE_WORK_SWEEPS } from "@/lib/jobs/sweeps";
import { abandonedPaymentSweep, dueRefundSweep } from "@/lib/payments/sweeps";
import { api } from "../helpers/api";
import { book, bookingRow, deliveriesOf, localAt, messagesTo, newCustomer, setNow } from "../helpers/bookings";
import { expectError, newWorkspace } from "../helpers/fixtures";
import { addPaidService, devPayment, paymentOf, paymentsOf, runPaymentSweeps, testIntentOf } from "../helpers/payments";
import { currentDb } from "../helpers/test-db";
import { addService, addWebhookEndpoint, connectPaymentAccount, updateWorkspace } from "../helpers/factories";

/**
 * The paid flow in the embedded default: no Stripe keys, so the test-mode processor stands in
 * (docs/decisions.md#settings) and the dev tools settle or fail its payments.
 */
const db = () => currentDb().db;
const minutes = (n: number) => n * 60_000;

async function bookPaid(fields: Parameters<typeof addPaidService>[1] = {}) {
  const ws = await newWorkspace();
  const { service, accountId } = await addPaidService(ws, fields);
  const customer = newCustomer();
  const response = await book(ws, { service_id: service.id, starts_at: localAt(ws, 2, "10:00"), customer }, { key: ws.pk });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return { ws, service, accountId, customer, booking: response.body };
}

describe("creating a booking for a paid service", () => {
  it("holds the slot awaiting payment and returns the payment block once, on the create response", async () => {
    const { ws, accountId, booking } = await bookPaid({ priceCents: 4_500 });
    expect(booking.status).toBe("awaiting_payment");
    expect(booking.payment).toEqual({
      client_secret: expect.stringMatching(/^pi_test_.+_secret_/),
      amount_cents: 4_500,
      currency: "usd",
      connected_account_id: accountId,
    });
    const payment = await paymentOf(booking.id);
    expect(payment).toMatchObject({ processor: "test", status: "requires_payment", amountCents: 4_500, clientSecret: booking.payment.client_secret });
    expect((await testIntentOf(payment)).idempotencyKey).toBe(`pi-create:${booking.id}`);

    const read = await api.get(`/v1/bookings/${booking.id}`, { key: ws.sk });
    expect(read.status).toBe(200);
    expect(read.body).not.toHaveProperty("payment");
    const list = await api.get("/v1/bookings", { key: ws.sk });
    expect(list.body.data[0]).not.toHaveProperty("payment");
  });

  it("snapshots the amount: a later price change does not alter it", async () => {
    const { service, booking } = await bookPaid({ paymentMode: "deposit_percent", priceCents: 250, depositPercent: 25 });
    // 25% of 250 = 62.5, rounded half up.
    expect(booking.payment.amount_cents).toBe(63);
    await db().update(services).set({ priceCents: 10_000 }).where(eq(services.id, service.id));
    expect((await paymentOf(booking.id)).amountCents).toBe(63);
    expect((await devPayment(booking.id, "succeed")).body.payment).toMatchObject({ status: "succeeded", amount_cents: 63 });
  });

  it("charges a fixed deposit", async () => {
    const { booking } = await bookPaid({ paymentMode: "deposit_fixed", priceCents: 9_000, depositAmountCents: 1_500 });
    expect(booking.payment.amount_cents).toBe(1_500);
  });

  it("refuses a paid service while the workspace has no connected account (422 service_id) and writes nothing", async () => {
    const ws = await newWorkspace();
    await connectPaymentAccount(ws);
    const service = await addService(ws, { paymentMode: "full", priceCents: 4_500 });
    await updateWorkspace(ws, { stripeAccountId: null });
    const response = await book(ws, { service_id: service.id, starts_at: localAt(ws, 2, "10:00") });
    expectError(response, 422, "validation_failed", "service_id");
    expect(await db().select().from(bookings).where(eq(bookings.workspaceId, ws.id))).toEqual([]);
  });

  it("refuses a paid service when no processor is set up on this server (no Stripe keys, dev tools off)", async () => {
    const ws = await newWorkspace();
    const { service } = await addPaidService(ws);
    setConfigForTesting({ devTools: false });
    const response = await book(ws, { service_id: service.id, starts_at: localAt(ws, 2, "10:00") });
    expectError(response, 422, "validation_failed", "service_id");
  });

  it("a free service has no payment: no payment key, no payment row", async () => {
    const ws = await newWorkspace();
    const service = await addService(ws);
    const response = await book(ws, { service_id: service.id, starts_at: localAt(ws, 2, "10:00") });
    expect(response.status).toBe(201);
    expect(response.body).not.toHaveProperty("payment");
    expect(await paymentsOf(response.body.id)).toEqual([]);
  });

  it("an idempotent replay returns the same payment block and makes no second intent", async () => {
    const ws = await newWorkspace();
    const { service } = await addPaidService(ws);
    const body = { service_id: service.id, starts_at: localAt(ws, 2, "10:00"), customer: newCustomer() };
    const first = await book(ws, body, { headers: { "Idempotency-Key": "pay-once" } });
    const again = await book(ws, body, { headers: { "Idempotency-Key": "pay-once" } });
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(again.body.payment).toEqual(first.body.payment);
    expect(await paymentsOf(first.body.id)).toHaveLength(1);
  });
});

describe("dev tools settle test-mode payments", () => {
  it("succeed confirms the booking: booking.created and the confirmation message", async () => {
    const ws = await newWorkspace();
    await addWebhookEndpoint(ws);
    const { service } = await addPaidService(ws);
    const customer = newCustomer();
    const created = await book(ws, { service_id: service.id, starts_at: localAt(ws, 2, "10:00"), customer });
    expect(await deliveriesOf(ws)).toEqual([]);

    const settled = await devPayment(created.body.id, "succeed");
    expect(settled.status, JSON.stringify(settled.body)).toBe(200);
    expect(settled.body).toEqual({
      booking_id: created.body.id,
      booking_status: "confirmed",
      payment: { status: "succeeded", amount_cents: 4_500, amount_refunded_cents: 0, currency: "usd" },
    });
    const row = await bookingRow(created.body.id);
    expect(row).toMatchObject({ status: "confirmed", holdExpiresAt: null, isAnnounced: true });
    expect((await deliveriesOf(ws)).map((d) => [d.type, d.bookingId, d.payload.data.booking.status])).toEqual([
      ["booking.created", created.body.id, "confirmed"],
    ]);
    expect((await messagesTo(customer.email)).length).toBe(1);

    // Settling again: the intent is no longer open.
    expectError(await devPayment(created.body.id, "succeed"), 409, "conflict");
    expect(await deliveriesOf(ws)).toHaveLength(1);
  });

  it("fail declines the card: the payment stays requires_payment and the booking stays held", async () => {
    const { booking } = await bookPaid();
    const failed = await devPayment(booking.id, "fail");
    expect(failed.status).toBe(200);
    expect(failed.body).toMatchObject({ booking_status: "awaiting_payment", payment: { status: "requires_payment" } });
    expect((await testIntentOf(await paymentOf(booking.id))).lastPaymentError).toMatch(/declined/);
    // Another card can still pay.
    expect((await devPayment(booking.id, "succeed")).body).toMatchObject({ booking_status: "confirmed", payment: { status: "succeeded" } });
  });

  it("404 when dev tools are off, for an unknown or malformed booking id, a booking without payment, or another outcome", async () => {
    const { booking, ws } = await bookPaid();
    expectError(await devPayment(booking.id, "refund"), 404, "not_found");
    expectError(await devPayment("not-a-uuid", "succeed"), 404, "not_found");
    expectError(await devPayment("2b0cbd2e-7c86-4a8e-8a4b-0b8f6b7a1c11", "succeed"), 404, "not_found");
    const free = await book(ws, { service_id: (await addService(ws)).id, starts_at: localAt(ws, 3, "10:00") });
    expectError(await devPayment(free.body.id, "succeed"), 404, "not_found");
    expect((await api.get(`/dev/payments/${booking.id}/succeed`)).status).toBe(405);

    setConfigForTesting({ devTools: false });
    expectError(await devPayment(booking.id, "succeed"), 404, "not_found");
    expect((await paymentOf(booking.id)).status).toBe("requires_payment");
  });
});

describe("late success (docs/decisions.md#bookings)", () => {
  it("a payment that succeeds after the hold lapsed confirms the booking when the slot is still free", async () => {
    const { ws, booking } = await bookPaid();
    await addWebhookEndpoint(ws);
    await setNow(new Date(Date.now() + minutes(31)));
    expect((await api.get(`/v1/bookings/${booking.id}`, { key: ws.sk })).body.status).toBe("expired");

    const settled = await devPayment(booking.id, "succeed");
    expect(settled.body).toMatchObject({ booking_status: "confirmed", payment: { status: "succeeded", amount_refunded_cents: 0 } });
    expect((await deliveriesOf(ws)).map((d) => d.type)).toEqual(["booking.created"]);
  });

  it("…and refunds it in full when the slot went to someone else", async () => {
    const { ws, service, booking } = await bookPaid();
    await addWebhookEndpoint(ws);
    await setNow(new Date(Date.now() + minutes(31)));
    const other = await book(ws, { service_id: (await addService(ws)).id, starts_at: booking.starts_at });
    expect(other.status, JSON.stringify(other.body)).toBe(201);
    expect(other.body.status).toBe("confirmed");
    expect(service.id).not.toBe(other.body.service_id);

    const settled = await devPayment(booking.id, "succeed");
    expect(settled.body).toMatchObject({ booking_status: "expired", payment: { status: "refunded", amount_refunded_cents: 4_500 } });
    const payment = await paymentOf(booking.id);
    expect(payment).toMatchObject({ refundAttempts: 1, refundDueAt: null });
    expect((await testIntentOf(payment)).refunds).toEqual([
      expect.objectContaining({ status: "succeeded", amountCents: 4_500, idempotencyKey: `refund:${payment.id}:1` }),
    ]);
    expect((await bookingRow(other.body.id)).status).toBe("confirmed");
    // The late payment announced nothing: only the other booking's booking.created.
    expect((await deliveriesOf(ws)).map((d) => [d.type, d.bookingId])).toEqual([["booking.created", other.body.id]]);
  });
  it("…and refunds it when the appointment has already started, even with the slot free", async () => {
    const { booking } = await bookPaid();
    await setNow(new Date(Date.now() + 3 * 24 * 60 * minutes(1)));
    const settled = await devPayment(booking.id, "succeed");
    expect(settled.body).toMatchObject({ booking_status: "expired", payment: { status: "refunded", amount_refunded_cents: 4_500 } });
  });
});

describe("holds that lapse and bookings that are cancelled", () => {
  it("a lapsed hold's unpaid intent is cancelled by the payment sweep (registered with the background work)", async () => {
    expect(DUE_WORK_SWEEPS).toEqual(expect.arrayContaining([abandonedPaymentSweep, dueRefundSweep]));
    const { booking } = await bookPaid();
    await runPaymentSweeps();
    expect((await paymentOf(booking.id)).status).toBe("requires_payment");

    await setNow(new Date(Date.now() + minutes(31)));
    expect((await runPaymentSweeps())["payment-abandoned-intents"]).toBeGreaterThanOrEqual(1);
    const payment = await paymentOf(booking.id);
    expect(payment.status).toBe("canceled");
    expect((await testIntentOf(payment)).status).toBe("canceled");
    expectError(await devPayment(booking.id, "succeed"), 409, "conflict");
    expect(await runPaymentSweeps()).toEqual({ "payment-abandoned-intents": 0, "payment-refunds": 0 });
  });

  it("cancelling an unpaid booking cancels its intent at once", async () => {
    const { ws, booking } = await bookPaid();
    const cancelled = await api.post(`/v1/bookings/${booking.id}/cancel`, { key: ws.sk, body: {} });
    expect(cancelled.status).toBe(200);
    const payment = await paymentOf(booking.id);
    expect(payment.status).toBe("canceled");
    expect((await testIntentOf(payment)).status).toBe("canceled");
  });

  it("cancelling a paid booking refunds it in full", async () => {
    const { ws, booking } = await bookPaid({ paymentMode: "deposit_fixed", priceCents: 9_000, depositAmountCents: 2_000 });
    await devPayment(booking.id, "succeed");
    const cancelled = await api.post(`/v1/bookings/${booking.id}/cancel`, { key: ws.sk, body: { reason: "Closed that day" } });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe("cancelled");
    expect(await paymentOf(booking.id)).toMatchObject({ status: "refunded", amountRefundedCents: 2_000, refundDueAt: null, refundAttempts: 1 });
  });

  it("a secret-key cancel with refund: false keeps the payment", async () => {
    const { ws, booking } = await bookPaid();
    await devPayment(booking.id, "succeed");
    const cancelled = await api.post(`/v1/bookings/${booking.id}/cancel`, { key: ws.sk, body: { refund: false } });
    expect(cancelled.status).toBe(200);
    expect(await paymentOf(booking.id)).toMatchObject({ status: "succeeded", amountRefundedCents: 0, refundDueAt: null, refundAttempts: 0 });
    expect(await runPaymentSweeps()).toEqual({ "payment-abandoned-intents": 0, "payment-refunds": 0 });
  });

  it("refund: false on an unpaid booking still cancels its intent: nobody can pay it afterwards", async () => {
    const { ws, booking } = await bookPaid();
    const payment = await paymentOf(booking.id);
    await api.post(`/v1/bookings/${booking.id}/cancel`, { key: ws.sk, body: { refund: false } });
    // The intent was cancelled with the booking, so a card can no longer pay it.
    expect((await testIntentOf(payment)).status).toBe("canceled");
    expectError(await devPayment(booking.id, "succeed"), 409, "conflict");
  });
});
