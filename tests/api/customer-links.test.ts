import { describe, expect, it } from "vitest";
import { outboxMessages } from "@/lib/db/schema";
import { api } from "../helpers/api";
import { book, bookConfirmed, bookingRow, deliveriesOf, localAt, messagesTo, newCustomer, setNow } from "../helpers/bookings";
import { expectError, newWorkspace, type TestWorkspace } from "../helpers/fixtures";
import { addPaidService } from "../helpers/payments";
import { currentDb } from "../helpers/test-db";
import { addCalendar, addService, addWebhookEndpoint, updateWorkspace } from "../helpers/factories";

let ipCounter = 0;
/** A fresh client IP per call: the keyless routes share a 30-a-minute budget per IP. */
const freshIp = () => ({ "X-Forwarded-For": `10.77.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}` });

const read = (token: string) => api.get(`/v1/public/bookings/${token}`, { headers: freshIp() });
const cancel = (token: string, body: unknown = {}) => api.post(`/v1/public/bookings/${token}/cancel`, { body, headers: freshIp() });
const reschedule = (token: string, body: unknown) => api.post(`/v1/public/bookings/${token}/reschedule`, { body, headers: freshIp() });
const extendHold = (token: string) => api.post(`/v1/public/bookings/${token}/extend-hold`, { headers: freshIp() });

const MINUTE = 60_000;

async function confirmedBooking(
  ws: TestWorkspace,
  fields: Parameters<typeof addService>[1] = {},
  customer = newCustomer(),
  startsAt = localAt(ws, 3, "10:00"),
) {
  const service = await addService(ws, { durationMinutes: 60, minCancelNoticeMinutes: 120, ...fields });
  const created = await bookConfirmed(ws, { service_id: service.id, starts_at: startsAt, customer });
  return { service, created, token: created.access_token as string, customer };
}

describe("GET /v1/public/bookings/{token}", () => {
  it("answers the spec's shape: booking in the business zone with customer views, flags, and the workspace block", async () => {
    const ws = await newWorkspace({ timezone: "Europe/Paris" });
    await updateWorkspace(ws, { blurb: "Cuts & colour", mapsUrl: "https://maps.example.com/x", confirmationNote: "Arrive early" });
    const { service, created, token, customer } = await confirmedBooking(ws, { description: "A <b>good</b> cut", priceCents: 3_000 });

    const response = await read(token);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual({
      booking: {
        id: created.id,
        status: "confirmed",
        starts_at: created.starts_at,
        ends_at: created.ends_at,
        service: {
          id: service.id,
          name: "Haircut",
          duration_minutes: 60,
          price_cents: 3_000,
          description: "A <b>good</b> cut",
          payment_mode: "none",
          payment_amount_cents: null,
          category_id: null,
          capacity: 1,
          repeat_max: 0,
          max_advance_days: 60,
          min_cancel_notice_minutes: 120,
          bookable: true,
        },
        staff: { id: ws.staffId, name: "Alex", title: null, bio: null },
        customer: { name: customer.name, email: customer.email, phone: "", timezone: null, language: null },
        can_cancel: true,
        cancel_cutoff_passed: false,
        cancel_cutoff_minutes: 120,
        can_reschedule: true,
      },
      workspace: {
        slug: ws.slug,
        name: expect.any(String),
        timezone: "Europe/Paris",
        currency: "usd",
        vertical: "general",
        publishable_key: ws.pk,
        blurb: "Cuts & colour",
        terms_url: null,
        website_url: null,
        instagram_url: null,
        maps_url: "https://maps.example.com/x",
        confirmation_note: "Arrive early",
        booking_policy: null,
        contact_email: null,
        contact_phone: null,
        address: null,
        notifies_business: false,
        brand_color: null,
        logo_url: null,
        logo_dark_url: null,
        theme: "auto",
      },
    });
    expect(response.body.booking.starts_at).toMatch(/\+0[12]:00$/);
    expect(response.body.booking.starts_at).toBe(localAt(ws, 3, "10:00"));
  });

  it("is the link in the confirmation email, and shows the phone when the customer gave one", async () => {
    const ws = await newWorkspace();
    const { created, customer } = await confirmedBooking(ws, {}, newCustomer({ phone: "+33612345678" }));
    const [email] = (await messagesTo(customer.email)).filter((m) => m.channel === "email");
    const token = email!.text.match(/\/manage\/([A-Za-z0-9_-]+)/)![1]!;
    expect(token).toBe(created.access_token);
    const response = await read(token);
    expect(response.body.booking.customer.phone).toBe("+33612345678");
  });

  it("changes nothing: a lapsed hold reads as expired but is not written, and no message or event is made", async () => {
    const ws = await newWorkspace();
    await updateWorkspace(ws, { requireVerification: true });
    const service = await addService(ws, { durationMinutes: 60 });
    await addWebhookEndpoint(ws);
    const pending = await book(ws, { service_id: service.id, starts_at: localAt(ws, 3, "10:00") });
    expect(pending.body.status).toBe("pending");
    const before = await bookingRow(pending.body.id);
    const outboxBefore = (await currentDb().db.select().from(outboxMessages)).length;

    const live = await read(pending.body.access_token);
    expect(live.body.booking).toMatchObject({ status: "pending", hold_expires_at: pending.body.hold_expires_at, can_cancel: true, can_reschedule: false });
    await setNow(new Date(Date.parse(pending.body.hold_expires_at) + MINUTE));
    const lapsed = await read(pending.body.access_token);
    expect(lapsed.body.booking).toMatchObject({ status: "expired", can_cancel: false, can_reschedule: false, cancel_cutoff_passed: false });
    expect(lapsed.body.booking).not.toHaveProperty("hold_expires_at");

    expect(await bookingRow(pending.body.id)).toEqual(before);
    expect((await currentDb().db.select().from(outboxMessages)).length).toBe(outboxBefore);
    expect(await deliveriesOf(ws)).toEqual([]);
  });

  it("gives publishable_key null when the workspace has no usable key; rescheduling is then unavailable, cancelling is not", async () => {
    const ws = await newWorkspace();
    const { token } = await confirmedBooking(ws);
    expect((await read(token)).body.booking.can_reschedule).toBe(true);
    const keys = await api.get("/v1/api-keys", { key: ws.sk });
    const pk = keys.body.data.find((key: { type: string }) => key.type === "pk");
    expect((await api.post(`/v1/api-keys/${pk.id}/revoke`, { key: ws.sk })).status).toBe(200);
    const response = await read(token);
    expect(response.body.workspace.publishable_key).toBeNull();
    expect(response.body.booking.can_reschedule).toBe(false);
    expect(response.body.booking.can_cancel).toBe(true);
    // The flag is true exactly when the call would succeed: the call is refused too.
    const before = await bookingRow(response.body.booking.id);
    expectError(await reschedule(token, { starts_at: localAt(ws, 4, "10:00") }), 403, "forbidden");
    expect(await bookingRow(response.body.booking.id)).toEqual(before);
  });

  it("carries the payment state of a paid booking, with the client secret while payment is required", async () => {
    const ws = await newWorkspace();
    const { service, accountId } = await addPaidService(ws, { priceCents: 4_500 });
    const created = await book(ws, { service_id: service.id, starts_at: localAt(ws, 3, "10:00") });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const response = await read(created.body.access_token);
    expect(response.status).toBe(200);
    expect(response.body.booking.status).toBe("awaiting_payment");
    expect(response.body.booking.payment).toEqual({
      status: "requires_payment",
      amount_cents: 4_500,
      currency: "usd",
      amount_refunded_cents: 0,
      refund_policy: "Full refund up to 24 hours before.",
      client_secret: created.body.payment.client_secret,
      connected_account_id: accountId,
      hold_expires_at: created.body.hold_expires_at,
    });
  });

  it("gives the same 404 for unknown, malformed, expired (30 days after the end) and cancelled tokens", async () => {
    const ws = await newWorkspace();
    const { created, token } = await confirmedBooking(ws, { minCancelNoticeMinutes: 0 });
    const unknown = await read("A".repeat(43));
    expectError(unknown, 404, "not_found");
    for (const response of [await read("not-a-token"), await read("x".repeat(600)), await read("%00")]) {
      expect([response.status, response.body]).toEqual([404, unknown.body]);
    }

    const expiresAt = Date.parse(created.ends_at) + 30 * 24 * 60 * MINUTE;
    await setNow(new Date(expiresAt - MINUTE));
    expect((await read(token)).status).toBe(200);
    await setNow(new Date(expiresAt + 1_000));
    for (const response of [
      await read(token),
      await cancel(token),
      await reschedule(token, { starts_at: localAt(ws, 40, "10:00") }),
      await extendHold(token),
    ]) {
      expect([response.status, response.body]).toEqual([404, unknown.body]);
    }

    await setNow(new Date());
    const second = await confirmedBooking(ws, { minCancelNoticeMinutes: 0 }, newCustomer(), localAt(ws, 3, "14:00"));
    expect((await cancel(second.token)).status).toBe(200);
    for (const response of [await read(second.token), await cancel(second.token), await extendHold(second.token)]) {
      expect([response.status, response.body]).toEqual([404, unknown.body]);
    }
  });
});

describe("POST /v1/public/bookings/{token}/cancel", () => {
  it("cancels before the cutoff, answers the read shape, clears the token and tells everyone", async () => {
    const ws = await newWorkspace();
    await addWebhookEndpoint(ws);
    const { created, token, customer } = await confirmedBooking(ws);
    const response = await cancel(token, { reason: "Feeling unwell" });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.booking).toMatchObject({ id: created.id, status: "cancelled", can_cancel: false, can_reschedule: false, cancel_cutoff_passed: false });
    const row = await bookingRow(created.id);
    expect(row).toMatchObject({ status: "cancelled", cancelReason: "Feeling unwell", accessTokenHash: null, accessTokenSealed: null });
    expect((await deliveriesOf(ws)).map((d) => d.type)).toEqual(["booking.created", "booking.cancelled"]);
    expect((await messagesTo(customer.email))[0]!.subject).toMatch(/^Booking cancelled/);
    expectError(await read(token), 404, "not_found");
    // The slot is free again.
    expect((await book(ws, { service_id: created.service_id, starts_at: created.starts_at })).status).toBe(201);
  });

  it("binds the customer to the notice window: 422 too_late_to_cancel from the cutoff on", async () => {
    const ws = await newWorkspace();
    const { created, token } = await confirmedBooking(ws, { minCancelNoticeMinutes: 120 });
    const cutoff = Date.parse(created.starts_at) - 120 * MINUTE;
    await setNow(new Date(cutoff - MINUTE));
    expect((await read(token)).body.booking).toMatchObject({ can_cancel: true, cancel_cutoff_passed: false, can_reschedule: true });
    await setNow(new Date(cutoff + 1_000));
    expect((await read(token)).body.booking).toMatchObject({ can_cancel: false, cancel_cutoff_passed: true, can_reschedule: false });
    expectError(await cancel(token), 422, "too_late_to_cancel");
    expect((await bookingRow(created.id)).status).toBe("confirmed");
    // A secret key is not bound by the window.
    expect((await api.post(`/v1/bookings/${created.id}/cancel`, { key: ws.sk, body: {} })).status).toBe(200);
  });

  it("with a notice of 0 stays open until the start; a past booking is not a cutoff case", async () => {
    const ws = await newWorkspace();
    const { created, token } = await confirmedBooking(ws, { minCancelNoticeMinutes: 0 });
    await setNow(new Date(Date.parse(created.starts_at) - 1_000));
    expect((await read(token)).body.booking).toMatchObject({ can_cancel: true, cancel_cutoff_minutes: 0 });
    await setNow(new Date(Date.parse(created.ends_at) + MINUTE));
    expect((await read(token)).body.booking).toMatchObject({ can_cancel: false, cancel_cutoff_passed: false, can_reschedule: false });
    expectError(await cancel(token), 422, "too_late_to_cancel");
  });

  it("refuses a bad body and never takes a refund instruction from the customer", async () => {
    const ws = await newWorkspace();
    const { token, created } = await confirmedBooking(ws);
    expectError(await cancel(token, { reason: 42 }), 422, "validation_failed", "reason");
    expectError(await cancel(token, { reason: "x".repeat(1_001) }), 422, "validation_failed", "reason");
    expect((await bookingRow(created.id)).status).toBe("confirmed");
    const response = await cancel(token, { refund: false, reason: "ok" });
    expect(response.status).toBe(200);
    expect((await bookingRow(created.id)).cancelReason).toBe("ok");
  });
});

describe("POST /v1/public/bookings/{token}/reschedule", () => {
  it("moves a confirmed booking to an offered slot; the token keeps working", async () => {
    const ws = await newWorkspace({ timezone: "America/New_York" });
    await addWebhookEndpoint(ws);
    const { created, token, customer } = await confirmedBooking(ws);
    const response = await reschedule(token, { starts_at: localAt(ws, 4, "14:00") });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body.booking).toMatchObject({ id: created.id, status: "confirmed", starts_at: localAt(ws, 4, "14:00"), can_reschedule: true });
    expect((await read(token)).body.booking.starts_at).toBe(localAt(ws, 4, "14:00"));
    const deliveries = await deliveriesOf(ws);
    expect(deliveries.map((d) => d.type)).toEqual(["booking.created", "booking.rescheduled"]);
    expect(deliveries[1]!.payload.data.previous_starts_at).toBe(created.starts_at);
    const [message] = await messagesTo(customer.email);
    expect(message!.subject).toMatch(/^Booking moved/);
    expect(message!.text).toContain("2:00 PM–3:00 PM (New York time)");
  });

  it("only offers open slots: taken → 409 slot_unavailable, outside hours or in the past → 422, another calendar only when it offers the service", async () => {
    const ws = await newWorkspace();
    const { service, created, token } = await confirmedBooking(ws);
    const other = await bookConfirmed(ws, { service_id: service.id, starts_at: localAt(ws, 4, "11:00") });
    expectError(await reschedule(token, { starts_at: other.starts_at }), 409, "slot_unavailable");
    expectError(await reschedule(token, { starts_at: localAt(ws, 4, "20:00") }), 422, "outside_working_hours", "starts_at");
    // Not an offered start (in the past): refused like a new booking's starts_at.
    expectError(await reschedule(token, { starts_at: localAt(ws, -1, "10:00") }), 422, "validation_failed", "starts_at");
    const second = (await addCalendar(ws, { name: "Robin" })).id;
    expectError(await reschedule(token, { starts_at: localAt(ws, 4, "14:00"), staff_id: second }), 422, "validation_failed", "staff_id");
    expectError(
      await reschedule(token, { starts_at: localAt(ws, 4, "14:00"), staff_id: "00000000-0000-4000-8000-000000000000" }),
      422,
      "validation_failed",
      "staff_id",
    );
    expect((await bookingRow(created.id)).startsAt.toISOString()).toBe(new Date(created.starts_at).toISOString());
  });

  it("refuses a booking that is not confirmed (409) and a move after the cutoff (422)", async () => {
    const ws = await newWorkspace();
    await updateWorkspace(ws, { requireVerification: true });
    const service = await addService(ws, { durationMinutes: 60, minCancelNoticeMinutes: 60 });
    const pending = await book(ws, { service_id: service.id, starts_at: localAt(ws, 3, "10:00") });
    expectError(await reschedule(pending.body.access_token, { starts_at: localAt(ws, 4, "10:00") }), 409, "booking_not_confirmed");

    await updateWorkspace(ws, { requireVerification: false });
    const confirmed = await bookConfirmed(ws, { service_id: service.id, starts_at: localAt(ws, 3, "14:00") });
    await setNow(new Date(Date.parse(confirmed.starts_at) - 30 * MINUTE));
    expectError(await reschedule(confirmed.access_token, { starts_at: localAt(ws, 4, "14:00") }), 422, "too_late_to_reschedule");
  });

  it("refuses a malformed body with the field named", async () => {
    const ws = await newWorkspace();
    const { token } = await confirmedBooking(ws);
    expectError(await reschedule(token, {}), 422, "validation_failed", "starts_at");
    expectError(await reschedule(token, { starts_at: "tomorrow" }), 422, "validation_failed", "starts_at");
    expectError(await reschedule(token, { starts_at: localAt(ws, 4, "10:00"), staff_id: 7 }), 422, "validation_failed", "staff_id");
  });
});

describe("POST /v1/public/bookings/{token}/extend-hold", () => {
  it("gives a live hold its full window again from now, at most twice", async () => {
    const ws = await newWorkspace();
    await updateWorkspace(ws, { requireVerification: true });
    const service = await addService(ws, { durationMinutes: 60 });
    const pending = await book(ws, { service_id: service.id, starts_at: localAt(ws, 3, "10:00") });
    const token = pending.body.access_token;
    const firstExpiry = Date.parse(pending.body.hold_expires_at);

    await setNow(new Date(firstExpiry - 2 * MINUTE));
    const once = await extendHold(token);
    expect(once.status, JSON.stringify(once.body)).toBe(200);
    const secondExpiry = Date.parse(once.body.booking.hold_expires_at);
    expect(secondExpiry - (firstExpiry - 2 * MINUTE)).toBeGreaterThan(10 * MINUTE - 5_000);
    expect(secondExpiry - (firstExpiry - 2 * MINUTE)).toBeLessThanOrEqual(10 * MINUTE + 5_000);

    // The old expiry has passed, the hold still blocks the slot.
    await setNow(new Date(firstExpiry + MINUTE));
    expectError(await book(ws, { service_id: service.id, starts_at: pending.body.starts_at }), 409, "slot_unavailable");
    const twice = await extendHold(token);
    expect(twice.status).toBe(200);
    expect(Date.parse(twice.body.booking.hold_expires_at)).toBeGreaterThan(secondExpiry);
    expectError(await extendHold(token), 409, "hold_extension_limit_reached");
    expect((await bookingRow(pending.body.id)).holdExtensions).toBe(2);
  });

  it("refuses a lapsed hold (409 hold_expired) and a booking not on hold (409 booking_not_pending)", async () => {
    const ws = await newWorkspace();
    await updateWorkspace(ws, { requireVerification: true });
    const service = await addService(ws, { durationMinutes: 60 });
    const pending = await book(ws, { service_id: service.id, starts_at: localAt(ws, 3, "10:00") });
    await setNow(new Date(Date.parse(pending.body.hold_expires_at) + 1_000));
    expectError(await extendHold(pending.body.access_token), 409, "hold_expired");
    expect((await bookingRow(pending.body.id)).holdExtensions).toBe(0);

    await setNow(new Date());
    await updateWorkspace(ws, { requireVerification: false });
    const confirmed = await bookConfirmed(ws, { service_id: service.id, starts_at: localAt(ws, 3, "14:00") });
    expectError(await extendHold(confirmed.access_token), 409, "booking_not_pending");
  });

  it("extends a card hold by its own (30-minute) window", async () => {
    const ws = await newWorkspace();
    const { service } = await addPaidService(ws);
    const created = await book(ws, { service_id: service.id, starts_at: localAt(ws, 3, "10:00") });
    await setNow(new Date(Date.parse(created.body.hold_expires_at) - 5 * MINUTE));
    const response = await extendHold(created.body.access_token);
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const extendedBy = Date.parse(response.body.booking.hold_expires_at) - (Date.parse(created.body.hold_expires_at) - 5 * MINUTE);
    expect(Math.abs(extendedBy - 30 * MINUTE)).toBeLessThan(5_000);
    expect(response.body.booking.payment.hold_expires_at).toBe(response.body.booking.hold_expires_at);
  });
});

describe("keyless limits", () => {
  it("shares 30 requests a minute per IP across the customer-link routes", async () => {
    const ws = await newWorkspace();
    const { token } = await confirmedBooking(ws);
    const headers = { "X-Forwarded-For": "10.200.0.1" };
    // Start at a minute boundary so the whole burst falls in one window.
    await setNow(new Date(Math.ceil(Date.now() / MINUTE) * MINUTE + 1_000));
    for (let i = 0; i < 15; i++) expect((await api.get(`/v1/public/bookings/${token}`, { headers })).status).toBe(200);
    for (let i = 0; i < 15; i++) expect((await api.post(`/v1/public/bookings/${token}/extend-hold`, { headers })).status).toBe(409);
    expectError(await api.get(`/v1/public/bookings/${token}`, { headers }), 429, "rate_limited");
    expectError(await api.post(`/v1/public/bookings/${token}/cancel`, { headers, body: {} }), 429, "rate_limited");
    expect((await read(token)).status).toBe(200);
  });
});
