import { describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { expectError, newWorkspace } from "../helpers/fixtures";
import { book, bookConfirmed, bookingRow, localAt, setNow } from "../helpers/bookings";
import { addService, updateWorkspace } from "../helpers/factories";

// The losers of a start are refused without a calendar load (lib/bookings/known-taken.ts);
// these show that such a refusal ends the moment the start is free again.
describe("a start known taken", () => {
  it("is refused again at once, and taken by the next create as soon as its booking is cancelled", async () => {
    const ws = await newWorkspace();
    const service = await addService(ws);
    const starts_at = localAt(ws, 3, "11:00");
    const first = await bookConfirmed(ws, { service_id: service.id, starts_at });
    expectError(await book(ws, { service_id: service.id, starts_at }), 409, "slot_unavailable");
    expectError(await book(ws, { service_id: service.id, starts_at }), 409, "slot_unavailable");

    const cancelled = await api.post(`/v1/bookings/${first.id}/cancel`, { key: ws.sk, body: { reason: "Moved" } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const second = await book(ws, { service_id: service.id, starts_at });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expectError(await book(ws, { service_id: service.id, starts_at }), 409, "slot_unavailable");
  });

  it("is free again the moment the hold that took it lapses", async () => {
    const ws = await newWorkspace();
    await updateWorkspace(ws, { requireVerification: true });
    const service = await addService(ws);
    const starts_at = localAt(ws, 3, "14:00");
    const hold = await book(ws, { service_id: service.id, starts_at });
    expect(hold.body.status).toBe("pending");
    expectError(await book(ws, { service_id: service.id, starts_at }), 409, "slot_unavailable");
    expectError(await book(ws, { service_id: service.id, starts_at }), 409, "slot_unavailable");

    const expiresAt = (await bookingRow(hold.body.id)).holdExpiresAt;
    expect(expiresAt).toBeInstanceOf(Date);
    await setNow(new Date((expiresAt?.getTime() ?? 0) + 1));
    const after = await book(ws, { service_id: service.id, starts_at });
    expect(after.status, JSON.stringify(after.body)).toBe(201);
  });
});
