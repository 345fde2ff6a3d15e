import { describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { itEnforcesAuth } from "../helpers/auth-cases";
import { expectError, newWorkspace } from "../helpers/fixtures";
import { book, bookConfirmed, bookingRow, deliveriesOf, localAt, messagesTo, newCustomer, pendingBooking, setNow } from "../helpers/bookings";
import { addService, addWebhookEndpoint, connectPaymentAccount } from "../helpers/factories";

const UNKNOWN_ID = "00000000-0000-4000-8000-000000000000";

describe("POST /v1/bookings/{id}/confirm", () => {
  it("confirms a pending booking without its code and announces it", async () => {
    const ws = await newWorkspace();
    const service = await addService(ws);
    await addWebhookEndpoint(ws);
    const { booking: pending } = await pendingBooking(ws, "10:00", { serviceId: service.id, key: ws.sk });
    const response = await api.post(`/v1/bookings/${pending.id}/confirm`, { key: ws.sk });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: pending.id, status: "confirmed" });
    expect(response.body).not.toHaveProperty("hold_expires_at");
    expect(response.body).not.toHaveProperty("access_token");
    expect((await bookingRow(pending.id)).confirmedAt).not.toBeNull();
    expect((await deliveriesOf(ws)).map((d) => [d.type, d.bookingId])).toEqual([["booking.created", pending.id]]);
  });

  it("answers 409 booking_not_pending for a confirmed booking or a lapsed hold, 404 for an unknown one", async () => {
    const ws = await newWorkspace();
    const service = await addService(ws);
    const confirmed = await bookConfirmed(ws, { service_id: service.id, starts_at: localAt(ws, 2, "09:00") });
    expectError(await api.post(`/v1/bookings/${confirmed.id}/confirm`, { key: ws.sk }), 409, "booking_not_pending");
    const { booking: pending } = await pendingBooking(ws, "12:00", { serviceId: service.id, key: ws.sk });
    await setNow(new Date(Date.now() + 11 * 60_000));
    expectError(await api.post(`/v1/bookings/${pending.id}/confirm`, { key: ws.sk }), 409, "booking_not_pending");
    expect((await api.get(`/v1/bookings/${pending.id}`, { key: ws.sk })).body.status).toBe("expired");
    expectError(await api.post(`/v1/bookings/${UNKNOWN_ID}/confirm`, { key: ws.sk }), 404, "not_found");
    expectError(await api.post(`/v1/bookings/not-a-uuid/confirm`, { key: ws.sk }), 404, "not_found");
  });
});

describe("POST /v1/bookings/{id}/cancel", () => {
  it("cancels a confirmed booking: frees the slot, clears the manage token, announces booking.cancelled", async () => {
    const ws = await newWorkspace();
    const service = await addService(ws);
    await addWebhookEndpoint(ws);
    const customer = newCustomer();
    const starts_at = localAt(ws, 2, "10:00");
    const booking = await bookConfirmed(ws, { service_id: service.id, starts_at, customer });
    const response = await api.post(`/v1/bookings/${booking.id}/cancel`, { key: ws.sk, body: { reason: "Closed for the day" } });

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: booking.id, status: "cancelled", starts_at: booking.starts_at });
    const row = await bookingRow(booking.id);
    expect([row.accessTokenHash, row.accessTokenSealed, row.cancelReason]).toEqual([null, null, "Closed for the day"]);
    expect((await deliveriesOf(ws)).map((d) => d.type)).toEqual(["booking.created", "booking.cancelled"]);
    expect((await messagesTo(customer.email)).map((m) => m.subject)[0]).toMatch(/cancel/i);
    expect((await book(ws, { service_id: service.id, starts_at })).status).toBe(201);
  });

  it("cancels holds (pending, awaiting_payment) without announcing them, with or without a body", async () => {
    const ws = await newWorkspace();
    const service = await addService(ws);
    await connectPaymentAccount(ws);
    const paid = await addService(ws, { paymentMode: "full", priceCents: 2_000 });
    await addWebhookEndpoint(ws);
    const card = await book(ws, { service_id: paid.id, starts_at: localAt(ws, 2, "14:00") });
    const { booking: pending } = await pendingBooking(ws, "10:00", { serviceId: service.id, key: ws.sk });
    const first = await api.post(`/v1/bookings/${pending.id}/cancel`, { key: ws.sk });
    const second = await api.post(`/v1/bookings/${card.body.id}/cancel`, { key: ws.sk, body: { refund: false } });
    expect([first.status, first.body.status, second.status, second.body.status]).toEqual([200, "cancelled", 200, "cancelled"]);
    expect(first.body).not.toHaveProperty("hold_expires_at");
    expect(await deliveriesOf(ws)).toEqual([]);
  });

  it("answers 409 booking_not_cancellable for cancelled, expired and no-show bookings; 422 for a bad body", async () => {
    const ws = await newWorkspace();
    const service = await addService(ws);
    const booking = await bookConfirmed(ws, { service_id: service.id, starts_at: localAt(ws, 2, "10:00") });
    expectError(await api.post(`/v1/bookings/${booking.id}/cancel`, { key: ws.sk, body: { reason: 42 } }), 422, "validation_failed", "reason");
    expectError(await api.post(`/v1/bookings/${booking.id}/cancel`, { key: ws.sk, body: { refund: "no" } }), 422, "validation_failed", "refund");
    await api.post(`/v1/bookings/${booking.id}/cancel`, { key: ws.sk });
    expectError(await api.post(`/v1/bookings/${booking.id}/cancel`, { key: ws.sk }), 409, "booking_not_cancellable");

    const { booking: pending } = await pendingBooking(ws, "13:00", { serviceId: service.id, key: ws.sk });
    await setNow(new Date(Date.now() + 11 * 60_000));
    expectError(await api.post(`/v1/bookings/${pending.id}/cancel`, { key: ws.sk }), 409, "booking_not_cancellable");
    expectError(await api.post(`/v1/bookings/${UNKNOWN_ID}/cancel`, { key: ws.sk }), 404, "not_found");
  });

  it("lets a secret key cancel inside the customers' notice window and after the start", async () => {
    const ws = await newWorkspace();
    const service = await addService(ws, { minCancelNoticeMinutes: 48 * 60 });
    const booking = await bookConfirmed(ws, { service_id: service.id, starts_at: localAt(ws, 1, "10:00") });
    await setNow(new Date(Date.parse(booking.starts_at) + 60_000));
    expect((await api.post(`/v1/bookings/${booking.id}/cancel`, { key: ws.sk })).status).toBe(200);
  });
});

describe("POST and DELETE /v1/bookings/{id}/no-show", () => {
  it("marks a past confirmed booking as a no-show and clears the mark", async () => {
    const ws = await newWorkspace();
    const service = await addService(ws);
    const booking = await bookConfirmed(ws, { service_id: service.id, starts_at: localAt(ws, 1, "10:00") });
    expectError(await api.post(`/v1/bookings/${booking.id}/no-show`, { key: ws.sk }), 409, "no_show_not_applicable");
    expectError(await api.delete(`/v1/bookings/${booking.id}/no-show`, { key: ws.sk }), 409, "no_show_not_applicable");

    await setNow(new Date(Date.parse(booking.starts_at) + 5 * 60_000));
    const marked = await api.post(`/v1/bookings/${booking.id}/no-show`, { key: ws.sk });
    expect([marked.status, marked.body.status]).toEqual([200, "no_show"]);
    expectError(await api.post(`/v1/bookings/${booking.id}/no-show`, { key: ws.sk }), 409, "no_show_not_applicable");
    const cleared = await api.delete(`/v1/bookings/${booking.id}/no-show`, { key: ws.sk });
    expect([cleared.status, cleared.body.status]).toEqual([200, "confirmed"]);
  });

  it("refuses a no-show for a cancelled or pending booking, even in the past, and 404s an unknown one", async () => {
    const ws = await newWorkspace();
    const service = await addService(ws);
    const cancelled = await bookConfirmed(ws, { service_id: service.id, starts_at: localAt(ws, 1, "10:00") });
    await api.post(`/v1/bookings/${cancelled.id}/cancel`, { key: ws.sk });
    const { booking: pending } = await pendingBooking(ws, "12:00", { serviceId: service.id, key: ws.sk });
    await setNow(new Date(Date.now() + 3 * 86_400_000));
    expectError(await api.post(`/v1/bookings/${cancelled.id}/no-show`, { key: ws.sk }), 409, "no_show_not_applicable");
    expectError(await api.post(`/v1/bookings/${pending.id}/no-show`, { key: ws.sk }), 409, "no_show_not_applicable");
    expectError(await api.post(`/v1/bookings/${UNKNOWN_ID}/no-show`, { key: ws.sk }), 404, "not_found");
  });
});

describe("POST /v1/bookings/{id}/resend-confirmation", () => {
  it("emails the customer the confirmation again, as it reads now; once per Idempotency-Key; never for a booking not confirmed", async () => {
    const ws = await newWorkspace();
    const service = await addService(ws);
    const email = `again-${ws.id.slice(0, 8)}@example.com`;
    const booking = await bookConfirmed(ws, { service_id: service.id, starts_at: localAt(ws, 1, "10:00"), customer: { name: "Ada Again", email } });
    const moved = await api.post(`/v1/bookings/${booking.id}/reschedule`, { key: ws.sk, body: { starts_at: localAt(ws, 1, "14:00") } });
    expect(moved.status).toBe(200);
    const before = (await messagesTo(email)).length;
    const toBusiness = async () =>
      (await api.get(`/v1/messages?booking_id=${booking.id}`, { key: ws.sk })).body.data.filter(
        (message: { recipient: string }) => message.recipient === "business",
      ).length;
    const businessBefore = await toBusiness();

    const key = `resend-${booking.id}`;
    const sent = await api.post(`/v1/bookings/${booking.id}/resend-confirmation`, { key: ws.sk, headers: { "Idempotency-Key": key } });
    expect([sent.status, sent.body.id, sent.body.status, sent.body.starts_at]).toEqual([200, booking.id, "confirmed", moved.body.starts_at]);
    const replay = await api.post(`/v1/bookings/${booking.id}/resend-confirmation`, { key: ws.sk, headers: { "Idempotency-Key": key } });
    expect([replay.status, replay.headers.get("idempotent-replayed")]).toEqual([200, "true"]);

    const messages = await messagesTo(email);
    expect(messages).toHaveLength(before + 1);
    const [again] = messages;
    expect(again!.channel).toBe("email");
    // The confirmation as it reads now: the moved time, not the first one.
    expect(again!.text).toContain("14:00");
    expect(again!.text).not.toContain("10:00");
    // Only the customer: the business hears of events, not of a resend.
    expect(await toBusiness()).toBe(businessBefore);

    await api.post(`/v1/bookings/${booking.id}/cancel`, { key: ws.sk });
    expectError(await api.post(`/v1/bookings/${booking.id}/resend-confirmation`, { key: ws.sk }), 409, "booking_not_confirmed");
    const { booking: pending } = await pendingBooking(ws, "12:00", { serviceId: service.id, key: ws.sk });
    expectError(await api.post(`/v1/bookings/${pending.id}/resend-confirmation`, { key: ws.sk }), 409, "booking_not_confirmed");
    expectError(await api.post(`/v1/bookings/${UNKNOWN_ID}/resend-confirmation`, { key: ws.sk }), 404, "not_found");
  });
});

describe("GET /v1/bookings", () => {
  it("lists newest first with an opaque cursor, scoped to the workspace", async () => {
    const ws = await newWorkspace();
    const other = await newWorkspace();
    const service = await addService(ws, { durationMinutes: 30 });
    await bookConfirmed(other, { service_id: (await addService(other)).id, starts_at: localAt(other, 2, "10:00") });
    const ids: string[] = [];
    for (const time of ["09:00", "09:30", "10:00", "10:30", "11:00"]) {
      ids.push((await bookConfirmed(ws, { service_id: service.id, starts_at: localAt(ws, 2, time) })).id);
      await setNow(new Date(Date.now() + ids.length * 1_000));
    }
    const first = await api.get("/v1/bookings", { key: ws.sk, query: { limit: 2 } });
    expect(first.status).toBe(200);
    expect(first.body.data.map((b: any) => b.id)).toEqual([ids[4], ids[3]]);
    expect(first.body.data[0]).not.toHaveProperty("access_token");
    const second = await api.get("/v1/bookings", { key: ws.sk, query: { limit: 2, cursor: first.body.next_cursor } });
    const third = await api.get("/v1/bookings", { key: ws.sk, query: { limit: 2, cursor: second.body.next_cursor } });
    expect(second.body.data.map((b: any) => b.id)).toEqual([ids[2], ids[1]]);
    expect(third.body).toEqual({ data: [expect.objectContaining({ id: ids[0] })], next_cursor: null });
  });

  it("falls back to 50 for a non-positive or invalid limit, caps it at 200, and refuses a malformed cursor", async () => {
    const ws = await newWorkspace();
    const service = await addService(ws, { durationMinutes: 30 });
    await bookConfirmed(ws, { service_id: service.id, starts_at: localAt(ws, 2, "09:00") });
    for (const limit of ["0", "-3", "abc", "500"]) {
      const response = await api.get("/v1/bookings", { key: ws.sk, query: { limit } });
      expect(response.status).toBe(200);
      expect(response.body.data).toHaveLength(1);
    }
    expectError(await api.get("/v1/bookings", { key: ws.sk, query: { cursor: "not-a-cursor" } }), 422, "validation_failed", "cursor");
  });
});

describe("security", () => {
  itEnforcesAuth("booking routes (SK)", async () => {
    const owner = await newWorkspace();
    const booking = await bookConfirmed(owner, { service_id: (await addService(owner)).id, starts_at: localAt(owner, 2, "10:00") });
    return [
      { method: "GET", path: "/v1/bookings", owner },
      { method: "GET", path: `/v1/bookings/${booking.id}`, owner, scoped: true },
      { method: "POST", path: `/v1/bookings/${booking.id}/confirm`, owner, scoped: true },
      { method: "POST", path: `/v1/bookings/${booking.id}/cancel`, owner, scoped: true },
      { method: "POST", path: `/v1/bookings/${booking.id}/no-show`, owner, scoped: true },
      { method: "DELETE", path: `/v1/bookings/${booking.id}/no-show`, owner, scoped: true },
      { method: "POST", path: `/v1/bookings/${booking.id}/resend-confirmation`, owner, scoped: true },
      { method: "POST", path: `/v1/bookings/${booking.id}/reschedule`, owner, scoped: true, body: { starts_at: booking.starts_at } },
    ];
  });
});
