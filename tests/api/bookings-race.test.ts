import { describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { newWorkspace } from "../helpers/fixtures";
import { bookingsOf, localAt, newCustomer } from "../helpers/bookings";
import { addCalendar, addService, updateWorkspace } from "../helpers/factories";

/**
 * No double booking, ever: the exclusion constraint decides. On real PostgreSQL (DATABASE_URL)
 * these requests truly run at once on a pool of connections; on PGlite they are serialized,
 * and must give the same answers.
 */
const CONCURRENT_REQUESTS = 50;

describe("concurrent creates for one slot", () => {
  it(`${CONCURRENT_REQUESTS} at once on one calendar: exactly one 201, the rest 409 slot_unavailable`, async () => {
    const ws = await newWorkspace();
    const service = await addService(ws, { durationMinutes: 60, bufferAfterMinutes: 15 });
    const starts = [localAt(ws, 2, "10:00"), localAt(ws, 2, "10:30")];
    const responses = await Promise.all(
      Array.from({ length: CONCURRENT_REQUESTS }, (_, index) =>
        api.post("/v1/bookings", {
          key: ws.sk,
          // Two different starts whose occupied ranges overlap: the constraint, not an equality check, decides.
          body: { service_id: service.id, staff_id: ws.staffId, starts_at: starts[index % 2], customer: newCustomer() },
        }),
      ),
    );
    const statuses = responses.map((response) => response.status);
    expect(
      statuses.filter((status) => status === 201),
      JSON.stringify(responses.find((r) => r.status >= 500)?.body),
    ).toHaveLength(1);
    for (const response of responses.filter((r) => r.status !== 201)) {
      expect(response.status).toBe(409);
      expect(response.body.error.type).toBe("slot_unavailable");
    }
    const live = (await bookingsOf(ws)).filter((row) => row.status === "confirmed");
    expect(live).toHaveLength(1);
  });

  it("adjacent starts on one calendar, each asked for twice at once: every start booked once, the rest 409", async () => {
    const ws = await newWorkspace();
    const service = await addService(ws, { durationMinutes: 30 });
    // Twelve back-to-back half hours (09:00–15:00), each asked for twice in the same moment.
    const halfHours = (day: number, count: number) =>
      Array.from({ length: count }, (_, i) => localAt(ws, day, `${String(9 + Math.floor(i / 2)).padStart(2, "0")}:${i % 2 ? "30" : "00"}`));
    const starts = halfHours(2, 12);
    const responses = await Promise.all(
      [...starts, ...starts].map((starts_at) => api.post("/v1/bookings", { key: ws.sk, body: { service_id: service.id, starts_at, customer: newCustomer() } })),
    );
    const created = responses.filter((response) => response.status === 201);
    expect(created.map((response) => response.body.starts_at).sort(), JSON.stringify(responses.find((r) => r.status >= 500)?.body)).toEqual([...starts].sort());
    for (const response of responses.filter((r) => r.status !== 201)) expect(response.body.error?.type).toBe("slot_unavailable");
    // A three-hour appointment racing the six half hours it spans on another day: never an
    // overlap, never anything but 201 or 409.
    const long = await addService(ws, { name: "Long", durationMinutes: 180 });
    const nextDay = halfHours(3, 6);
    const raced = await Promise.all([
      api.post("/v1/bookings", { key: ws.sk, body: { service_id: long.id, starts_at: nextDay[0], customer: newCustomer() } }),
      ...nextDay.map((starts_at) => api.post("/v1/bookings", { key: ws.sk, body: { service_id: service.id, starts_at, customer: newCustomer() } })),
    ]);
    expect(raced.map((response) => response.status).filter((status) => status !== 201 && status !== 409)).toEqual([]);
    const longWon = raced[0]?.status === 201;
    expect(raced.slice(1).filter((response) => response.status === 201)).toHaveLength(longWon ? 0 : 6);
    const confirmed = (await bookingsOf(ws)).filter((row) => row.status === "confirmed");
    expect(confirmed).toHaveLength(12 + (longWon ? 1 : 6));
  });

  it(`${CONCURRENT_REQUESTS} pending holds at once with no staff_id over three calendars: one per calendar`, async () => {
    const ws = await newWorkspace();
    await updateWorkspace(ws, { requireVerification: true });
    const calendars = [ws.staffId, (await addCalendar(ws, { name: "Robin" })).id, (await addCalendar(ws, { name: "Sam" })).id];
    const service = await addService(ws, { durationMinutes: 30 }, calendars);
    const starts_at = localAt(ws, 3, "15:00");
    const responses = await Promise.all(
      Array.from({ length: CONCURRENT_REQUESTS }, () =>
        api.post("/v1/bookings", { key: ws.sk, body: { service_id: service.id, starts_at, customer: newCustomer() } }),
      ),
    );
    const odd = responses.filter((r) => r.status !== 201 && !(r.status === 409 && r.body.error.type === "slot_unavailable"));
    expect(odd.map((r) => [r.status, r.body])).toEqual([]);
    const created = responses.filter((response) => response.status === 201);
    expect(created.map((response) => response.body.staff_id).sort()).toEqual([...calendars].sort());
    expect(created.every((response) => response.body.status === "pending")).toBe(true);
    expect(responses.filter((response) => response.status === 409 && response.body.error.type === "slot_unavailable")).toHaveLength(
      CONCURRENT_REQUESTS - calendars.length,
    );
  });
});
