import { describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { book, bookConfirmed, localAt } from "../helpers/bookings";
import { addService } from "../helpers/factories";
import { expectError, newWorkspace } from "../helpers/fixtures";

/**
 * 409 slot_unavailable says why the time is gone, as the verb saw it (issue 40): taken by a booking, closed by
 * the business's time off (never "booked" then), or a class's last spot gone. The type is always slot_unavailable;
 * `reason` names the cause for clients to match on (the booking page words it from there).
 */
describe("POST /v1/bookings: the slot_unavailable message", () => {
  it("a time another booking took says it was booked", async () => {
    const ws = await newWorkspace();
    const service = await addService(ws, { name: "Cut", durationMinutes: 60 });
    const starts_at = localAt(ws, 2, "10:00");
    await bookConfirmed(ws, { service_id: service.id, starts_at });
    const refused = await book(ws, { service_id: service.id, starts_at });
    expectError(refused, 409, "slot_unavailable");
    expect(refused.body.error.message).toBe("That time was just booked. Choose another slot.");
    expect(refused.body.error.reason).toBe("booked");
  });

  it("a time the business took off says it is no longer open, not that someone booked it", async () => {
    const ws = await newWorkspace();
    const service = await addService(ws, { name: "Cut", durationMinutes: 60 });
    const starts_at = localAt(ws, 2, "10:00");
    const off = await api.post(`/v1/staff/${ws.staffId}/time-off`, { key: ws.sk, body: { starts_at, ends_at: localAt(ws, 2, "12:00"), reason: "Dentist" } });
    expect(off.status, JSON.stringify(off.body)).toBe(201);
    for (const body of [
      { service_id: service.id, starts_at },
      { service_id: service.id, staff_id: ws.staffId, starts_at },
    ]) {
      const refused = await book(ws, body);
      expectError(refused, 409, "slot_unavailable");
      expect(refused.body.error.message).toBe("That time is no longer open: the business is unavailable then. Choose another slot.");
      expect(refused.body.error.message).not.toMatch(/booked|someone/i);
      expect(refused.body.error.reason).toBe("closed");
    }
  });

  it("a class whose last seat went says the last spot was just taken", async () => {
    const ws = await newWorkspace();
    const yoga = await addService(ws, { name: "Yoga", durationMinutes: 60, capacity: 2 });
    const starts_at = localAt(ws, 2, "10:00");
    await bookConfirmed(ws, { service_id: yoga.id, starts_at });
    await bookConfirmed(ws, { service_id: yoga.id, starts_at });
    for (const body of [
      { service_id: yoga.id, starts_at },
      { service_id: yoga.id, staff_id: ws.staffId, starts_at },
    ]) {
      const refused = await book(ws, body);
      expectError(refused, 409, "slot_unavailable");
      expect(refused.body.error.message).toBe("The last spot at that time was just taken. Choose another slot.");
      expect(refused.body.error.reason).toBe("full");
    }
  });
});
