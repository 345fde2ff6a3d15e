import { describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { itEnforcesAuth } from "../helpers/auth-cases";
import { expectError, newWorkspace, type TestWorkspace } from "../helpers/fixtures";
import { bookingRow, clientIpOf, latestCodeFor, messagesTo, pendingBooking, setNow } from "../helpers/bookings";

/** docs/decisions.md#verification-codes: POST /v1/bookings/{id}/resend-code. */

const resend = (ws: TestWorkspace, id: string, key = ws.pk, headers = clientIpOf(ws)) => api.post(`/v1/bookings/${id}/resend-code`, { key, headers });
const verify = (ws: TestWorkspace, id: string, code: string, key = ws.sk) =>
  api.post(`/v1/bookings/${id}/verify`, { key, body: { code }, headers: clientIpOf(ws) });
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("POST /v1/bookings/{id}/resend-code", () => {
  it("sends a new code that confirms, leaves the hold's expiry alone, and kills the old code", async () => {
    const ws = await newWorkspace();
    const { booking, code: first, customer } = await pendingBooking(ws);
    await setNow(new Date(Date.now() + 3 * 60_000));

    const response = await resend(ws, booking.id);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: "pending", hold_expires_at: booking.hold_expires_at });
    expect((await bookingRow(booking.id)).holdExpiresAt?.toISOString()).toBe(new Date(booking.hold_expires_at).toISOString());

    const messages = await messagesTo(customer.email);
    expect(messages).toHaveLength(2);
    const second = await latestCodeFor(customer.email);
    expect(messages[0]!.text).toContain(second);

    if (second !== first) expectError(await verify(ws, booking.id, first), 422, "verification_failed");
    const confirmed = await verify(ws, booking.id, second, ws.pk);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ status: "confirmed" });
    expect((await bookingRow(booking.id)).status).toBe("confirmed");
  });

  it("gives back the five attempts: after five wrong codes the new code still confirms", async () => {
    const ws = await newWorkspace();
    const { booking, code, customer } = await pendingBooking(ws);
    for (let attempt = 0; attempt < 5; attempt++) expectError(await verify(ws, booking.id, wrongCode(code)), 422, "verification_failed");
    // The code is dead now, even the right one.
    expectError(await verify(ws, booking.id, code), 422, "verification_failed");

    expect((await resend(ws, booking.id)).status).toBe(200);
    expect((await bookingRow(booking.id)).codeAttempts).toBe(0);
    const fresh = await latestCodeFor(customer.email);
    for (let attempt = 0; attempt < 4; attempt++) expectError(await verify(ws, booking.id, wrongCode(fresh)), 422, "verification_failed");
    expect((await verify(ws, booking.id, fresh)).status).toBe(200);
  });

  it("allows three resends per booking; the fourth is refused and the third code still works", async () => {
    const ws = await newWorkspace();
    const { booking, customer } = await pendingBooking(ws);
    for (let round = 0; round < 3; round++) expect((await resend(ws, booking.id, ws.sk)).status).toBe(200);
    const third = await latestCodeFor(customer.email);
    expectError(await resend(ws, booking.id, ws.sk), 422, "verification_failed");
    expect(await messagesTo(customer.email)).toHaveLength(4);
    expect((await verify(ws, booking.id, third)).status).toBe(200);
  });

  it("answers one identical 422 for an unknown, foreign, confirmed, cancelled, lapsed or used-up booking", async () => {
    const ws = await newWorkspace();
    const other = await newWorkspace();
    const refusals = [];

    refusals.push(await resend(ws, "00000000-0000-4000-8000-000000000000"));
    refusals.push(await resend(ws, "not-a-booking"));

    const foreign = await pendingBooking(other, "09:00");
    refusals.push(await resend(ws, foreign.booking.id));

    const confirmed = await pendingBooking(ws, "09:00");
    expect((await verify(ws, confirmed.booking.id, confirmed.code)).status).toBe(200);
    refusals.push(await resend(ws, confirmed.booking.id));

    const cancelled = await pendingBooking(ws, "11:00");
    expect((await api.post(`/v1/bookings/${cancelled.booking.id}/cancel`, { key: ws.sk })).status).toBe(200);
    refusals.push(await resend(ws, cancelled.booking.id));

    const usedUp = await pendingBooking(ws, "12:00");
    for (let round = 0; round < 3; round++) expect((await resend(ws, usedUp.booking.id, ws.sk)).status).toBe(200);
    refusals.push(await resend(ws, usedUp.booking.id));

    const lapsed = await pendingBooking(ws, "14:00");
    await setNow(new Date(Date.parse(lapsed.booking.hold_expires_at) + 1_000));
    refusals.push(await resend(ws, lapsed.booking.id));

    // The same body as a refused verify: resending tells nothing that verify does not.
    refusals.push(await verify(ws, lapsed.booking.id, lapsed.code));

    for (const refusal of refusals) expectError(refusal, 422, "verification_failed");
    expect(new Set(refusals.map((refusal) => JSON.stringify(refusal.body))).size).toBe(1);
    expect(refusals[0]!.body.error).not.toHaveProperty("param");
    // Nothing was sent for a refusal, and the foreign booking kept its code.
    expect(await messagesTo(foreign.customer.email)).toHaveLength(1);
    expect(await messagesTo(lapsed.customer.email)).toHaveLength(1);
    expect((await bookingRow(foreign.booking.id)).codeResends).toBe(0);
  });

  it("refuses a hold at the instant it lapses, and accepts it a second before", async () => {
    const ws = await newWorkspace();
    const { booking } = await pendingBooking(ws);
    await setNow(new Date(Date.parse(booking.hold_expires_at) - 1_000));
    expect((await resend(ws, booking.id)).status).toBe(200);
    await setNow(new Date(Date.parse(booking.hold_expires_at)));
    expectError(await resend(ws, booking.id), 422, "verification_failed");
  });

  it("rate-limits publishable keys at 10 per minute on a budget of its own, not secret keys", async () => {
    const ws = await newWorkspace();
    const { booking, code } = await pendingBooking(ws);
    const minute = Math.ceil(Date.now() / 60_000) * 60_000;
    await setNow(new Date(minute + 2_000));
    for (let attempt = 0; attempt < 10; attempt++) expectError(await resend(ws, "00000000-0000-4000-8000-000000000000"), 422, "verification_failed");
    const limited = await resend(ws, booking.id);
    expectError(limited, 429, "rate_limited");
    expect(limited.headers.get("retry-after")).toBeNull();
    // The key is charged as well as the IP: from a fresh IP the same key is refused.
    expectError(await resend(ws, booking.id, ws.pk, { "X-Forwarded-For": "198.51.100.7" }), 429, "rate_limited");
    // Verify keeps its own budget, and a secret key is never limited.
    expect((await verify(ws, booking.id, code, ws.pk)).status).toBe(200);
    expectError(await resend(ws, booking.id, ws.sk), 422, "verification_failed");
  });
});

describe("security", () => {
  itEnforcesAuth("POST /v1/bookings/{id}/resend-code", async () => {
    const owner = await newWorkspace();
    return [{ method: "POST", path: "/v1/bookings/00000000-0000-4000-8000-000000000000/resend-code", owner, auth: "sk_pk" }];
  });

  it("answers another workspace's secret key like an unknown booking, and leaves the booking alone", async () => {
    const ws = await newWorkspace();
    const intruder = await newWorkspace();
    const { booking } = await pendingBooking(ws);
    expectError(await resend(intruder, booking.id, intruder.sk), 422, "verification_failed");
    expect((await bookingRow(booking.id)).codeResends).toBe(0);
  });
});
