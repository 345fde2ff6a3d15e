import { describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { itEnforcesAuth } from "../helpers/auth-cases";
import { expectError, newWorkspace, type TestWorkspace } from "../helpers/fixtures";
import { clientIpOf, bookingRow, deliveriesOf, messagesTo, pendingBooking, setNow } from "../helpers/bookings";
import { addWebhookEndpoint } from "../helpers/factories";

const verify = (ws: TestWorkspace, id: string, code: unknown, key = ws.pk) =>
  api.post(`/v1/bookings/${id}/verify`, { key, body: { code }, headers: clientIpOf(ws) });
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

describe("POST /v1/bookings/{id}/verify", () => {
  it("confirms a pending booking with its code and announces it", async () => {
    const ws = await newWorkspace();
    await addWebhookEndpoint(ws);
    const { booking, code, customer } = await pendingBooking(ws);
    expect(code).toMatch(/^\d{6}$/);
    const response = await verify(ws, booking.id, code);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: "confirmed" });
    const row = await bookingRow(booking.id);
    expect([row.status, row.codeHash, row.holdExpiresAt]).toEqual(["confirmed", null, null]);
    expect(row.confirmedAt).not.toBeNull();
    expect((await deliveriesOf(ws)).map((d) => [d.type, d.bookingId])).toEqual([["booking.created", booking.id]]);
    expect(await messagesTo(customer.email)).toHaveLength(2);
    // The code is single use.
    expectError(await verify(ws, booking.id, code), 422, "verification_failed");
  });

  it("answers one identical 422 for a wrong code, an expired hold, too many attempts and an unknown booking", async () => {
    const ws = await newWorkspace();
    const other = await newWorkspace();
    const refusals = [];

    const wrong = await pendingBooking(ws, "09:00");
    refusals.push(await verify(ws, wrong.booking.id, wrongCode(wrong.code)));
    expect((await bookingRow(wrong.booking.id)).status).toBe("pending");

    const exhausted = await pendingBooking(ws, "11:00");
    // Secret keys are not rate-limited: spend the five attempts with one.
    for (let attempt = 0; attempt < 5; attempt++) refusals.push(await verify(ws, exhausted.booking.id, wrongCode(exhausted.code), ws.sk));
    refusals.push(await verify(ws, exhausted.booking.id, exhausted.code));

    const foreign = await pendingBooking(other, "09:00");
    refusals.push(await verify(ws, foreign.booking.id, foreign.code));
    refusals.push(await verify(ws, "00000000-0000-4000-8000-000000000000", "123456"));
    refusals.push(await verify(ws, "not-a-booking", "123456"));
    refusals.push(await verify(ws, wrong.booking.id, "abc"));

    const expired = await pendingBooking(ws, "14:00");
    await setNow(new Date(Date.now() + 10 * 60_000 + 1_000));
    refusals.push(await verify(ws, expired.booking.id, expired.code));

    for (const refusal of refusals) expectError(refusal, 422, "verification_failed");
    expect(new Set(refusals.map((refusal) => JSON.stringify(refusal.body))).size).toBe(1);
    expect(refusals[0]!.body.error).not.toHaveProperty("param");
    expect((await bookingRow(expired.booking.id)).status).not.toBe("confirmed");
    expect((await bookingRow(foreign.booking.id)).status).toBe("pending");
  });

  it("still accepts the right code after four wrong ones", async () => {
    const ws = await newWorkspace();
    const { booking, code } = await pendingBooking(ws);
    for (let attempt = 0; attempt < 4; attempt++) expectError(await verify(ws, booking.id, wrongCode(code)), 422, "verification_failed");
    expect((await verify(ws, booking.id, code, ws.sk)).status).toBe(200);
  });

  it("refuses a confirmed or cancelled booking like a wrong code", async () => {
    const ws = await newWorkspace();
    const { booking, code } = await pendingBooking(ws);
    await api.post(`/v1/bookings/${booking.id}/cancel`, { key: ws.sk });
    expectError(await verify(ws, booking.id, code), 422, "verification_failed");
  });

  it("needs a code in the body", async () => {
    const ws = await newWorkspace();
    const { booking } = await pendingBooking(ws);
    expectError(await api.post(`/v1/bookings/${booking.id}/verify`, { key: ws.pk, body: {}, headers: clientIpOf(ws) }), 422, "validation_failed", "code");
    expectError(
      await api.post(`/v1/bookings/${booking.id}/verify`, { key: ws.pk, body: { code: 123456 }, headers: clientIpOf(ws) }),
      422,
      "validation_failed",
      "code",
    );
  });

  it("rate-limits publishable keys at 10 per minute, not secret keys", async () => {
    const ws = await newWorkspace();
    const { booking, code } = await pendingBooking(ws);
    const minute = Math.ceil(Date.now() / 60_000) * 60_000;
    await setNow(new Date(minute + 2_000));
    for (let attempt = 0; attempt < 10; attempt++) expect((await verify(ws, "00000000-0000-4000-8000-000000000000", "000000")).status).toBe(422);
    const limited = await verify(ws, booking.id, code);
    expectError(limited, 429, "rate_limited");
    expect(limited.headers.get("retry-after")).toBeNull();
    expect((await verify(ws, booking.id, code, ws.sk)).status).toBe(200);
  });
});

describe("security", () => {
  itEnforcesAuth("POST /v1/bookings/{id}/verify", async () => {
    const owner = await newWorkspace();
    return [{ method: "POST", path: "/v1/bookings/00000000-0000-4000-8000-000000000000/verify", body: { code: "123456" }, owner, auth: "sk_pk" }];
  });
});
