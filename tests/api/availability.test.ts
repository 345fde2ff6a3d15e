import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getAvailabilityJson } from "@/lib/availability/answer-cache";
import { readAvailabilityRevision } from "@/lib/availability/revision";
import { bookings, services, workspaces } from "@/lib/db/schema";
import { fixedClock, setClockOffset } from "@/lib/time/clock";
import { api } from "../helpers/api";
import { countingDb } from "../helpers/counting-db";
import { itEnforcesAuth } from "../helpers/auth-cases";
import { expectError, newWorkspace, type TestWorkspace } from "../helpers/fixtures";
import { currentDb } from "../helpers/test-db";

/**
 * GET /v1/availability over catalogue data made through the catalogue API. The clock is
 * moved to a fixed instant so "now" is known (it drifts by the test's own run time only).
 */
const EVERY_DAY = (start_minute: number, end_minute: number) => [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start_minute, end_minute }));

async function setNow(iso: string): Promise<void> {
  await setClockOffset(currentDb().db, Date.parse(iso) - Date.now());
}

async function ok<T = any>(response: Promise<{ status: number; body: any }>): Promise<T> {
  const result = await response;
  expect([200, 201], JSON.stringify(result.body)).toContain(result.status);
  return result.body;
}

type Setup = { ws: TestWorkspace; serviceId: string };

/** A workspace (zone given) whose first calendar works 09:00–17:00 daily and offers one service. */
async function setup(options: { timezone?: string; service?: Record<string, unknown>; hours?: unknown[]; interval?: number } = {}): Promise<Setup> {
  const ws = await newWorkspace({ timezone: options.timezone ?? "America/New_York", slotIntervalMinutes: options.interval ?? 30 });
  const service = await ok(api.post("/v1/services", { key: ws.sk, body: { name: "Cut", duration_minutes: 60, payment_mode: "none", ...options.service } }));
  await ok(api.put(`/v1/staff/${ws.staffId}/working-hours`, { key: ws.sk, body: { working_hours: options.hours ?? EVERY_DAY(540, 1020) } }));
  await ok(api.put(`/v1/services/${service.id}/staff`, { key: ws.sk, body: { staff_ids: [ws.staffId] } }));
  return { ws, serviceId: service.id };
}

function availability(ws: TestWorkspace, query: Record<string, string | undefined>, key = ws.sk) {
  return api.get("/v1/availability", { key, query });
}

async function startsOn(s: Setup, from: string, to: string, extra: Record<string, string> = {}): Promise<string[]> {
  const body = await ok(availability(s.ws, { service_id: s.serviceId, from, to, ...extra }));
  return body.data.flatMap((calendar: { slots: { start: string }[] }) => calendar.slots.map((slot) => slot.start));
}

async function book(s: Setup, startsAt: string, extra: Record<string, unknown> = {}) {
  return ok(
    api.post("/v1/bookings", {
      key: s.ws.sk,
      body: { service_id: s.serviceId, starts_at: startsAt, customer: { name: "Ada", email: "ada@example.com" }, ...extra },
    }),
  );
}

describe("GET /v1/availability", () => {
  it("answers the slots of each calendar with start and end in the workspace offset", async () => {
    await setNow("2030-06-01T12:00:00Z");
    const s = await setup();
    const response = await availability(s.ws, { service_id: s.serviceId, from: "2030-06-10T00:00:00-04:00", to: "2030-06-11T00:00:00-04:00" });
    expect(response.status).toBe(200);
    expect(response.body.data).toHaveLength(1);
    expect(response.body.data[0].staff_id).toBe(s.ws.staffId);
    const slots = response.body.data[0].slots;
    expect(slots).toHaveLength(15); // 09:00 … 16:00 every 30 minutes, 60 minutes long
    expect(slots[0]).toEqual({ start: "2030-06-10T09:00:00-04:00", end: "2030-06-10T10:00:00-04:00" });
    expect(slots[14]).toEqual({ start: "2030-06-10T16:00:00-04:00", end: "2030-06-10T17:00:00-04:00" });
  });

  it("works with the publishable key", async () => {
    await setNow("2030-06-01T12:00:00Z");
    const s = await setup();
    const response = await availability(s.ws, { service_id: s.serviceId, from: "2030-06-10T13:00:00Z", to: "2030-06-10T14:00:00Z" }, s.ws.pk);
    expect(response.status).toBe(200);
    expect(response.body.data[0].slots.map((slot: { start: string }) => slot.start)).toEqual(["2030-06-10T09:00:00-04:00", "2030-06-10T09:30:00-04:00"]);
  });

  itEnforcesAuth("GET /v1/availability", async () => {
    const s = await setup();
    const query = new URLSearchParams({ service_id: s.serviceId, from: "2030-06-10T00:00:00Z", to: "2030-06-11T00:00:00Z" });
    return [{ method: "GET", path: `/v1/availability?${query}`, owner: s.ws, auth: "sk_pk", scoped: true }];
  });

  it("09:00–17:00 on both daylight-saving days of New York is exactly that", async () => {
    await setNow("2030-01-01T12:00:00Z");
    const s = await setup({ service: { duration_minutes: 30, max_advance_days: 365 } });
    const spring = await startsOn(s, "2030-03-10T00:00:00-05:00", "2030-03-11T00:00:00-04:00");
    expect(spring).toHaveLength(16);
    expect(spring[0]).toBe("2030-03-10T09:00:00-04:00");
    expect(spring[15]).toBe("2030-03-10T16:30:00-04:00");
    const autumn = await startsOn(s, "2030-11-03T00:00:00-04:00", "2030-11-04T00:00:00-05:00");
    expect(autumn).toHaveLength(16);
    expect(autumn[0]).toBe("2030-11-03T09:00:00-05:00");
    expect(autumn[15]).toBe("2030-11-03T16:30:00-05:00");
  });

  it("offers a repeated wall time once per offset and never a skipped one", async () => {
    await setNow("2030-01-01T12:00:00Z");
    const s = await setup({ service: { duration_minutes: 30, max_advance_days: 365 }, hours: [{ weekday: 0, start_minute: 60, end_minute: 180 }] });
    expect(await startsOn(s, "2030-03-10T00:00:00-05:00", "2030-03-11T00:00:00-04:00")).toEqual(["2030-03-10T01:00:00-05:00", "2030-03-10T01:30:00-05:00"]);
    expect(await startsOn(s, "2030-11-03T00:00:00-04:00", "2030-11-04T00:00:00-05:00")).toEqual([
      "2030-11-03T01:00:00-04:00",
      "2030-11-03T01:30:00-04:00",
      "2030-11-03T01:00:00-05:00",
      "2030-11-03T01:30:00-05:00",
      "2030-11-03T02:00:00-05:00",
      "2030-11-03T02:30:00-05:00",
    ]);
  });

  it("uses the workspace's slot interval, counted from the block's start", async () => {
    await setNow("2030-06-01T12:00:00Z");
    const s = await setup({ interval: 20, hours: EVERY_DAY(550, 700) }); // 09:10–11:40
    expect(await startsOn(s, "2030-06-10T00:00:00-04:00", "2030-06-11T00:00:00-04:00")).toEqual([
      "2030-06-10T09:10:00-04:00",
      "2030-06-10T09:30:00-04:00",
      "2030-06-10T09:50:00-04:00",
      "2030-06-10T10:10:00-04:00",
      "2030-06-10T10:30:00-04:00",
    ]);
    await ok(api.patch("/v1/workspace", { key: s.ws.sk, body: { slot_interval_minutes: 45 } }));
    expect(await startsOn(s, "2030-06-10T00:00:00-04:00", "2030-06-11T00:00:00-04:00")).toEqual([
      "2030-06-10T09:10:00-04:00",
      "2030-06-10T09:55:00-04:00",
      "2030-06-10T10:40:00-04:00",
    ]);
  });

  it("lists every active calendar offering the service, in creation order, and no other", async () => {
    await setNow("2030-06-01T12:00:00Z");
    const s = await setup();
    const second = await ok(api.post("/v1/staff", { key: s.ws.sk, body: { name: "Sam" } }));
    const third = await ok(api.post("/v1/staff", { key: s.ws.sk, body: { name: "Kim" } }));
    const notOffering = await ok(api.post("/v1/staff", { key: s.ws.sk, body: { name: "Lee" } }));
    for (const id of [second.id, third.id, notOffering.id]) {
      await ok(api.put(`/v1/staff/${id}/working-hours`, { key: s.ws.sk, body: { working_hours: EVERY_DAY(600, 660) } }));
    }
    await ok(api.put(`/v1/services/${s.serviceId}/staff`, { key: s.ws.sk, body: { staff_ids: [third.id, s.ws.staffId, second.id] } }));
    await ok(api.delete(`/v1/staff/${second.id}`, { key: s.ws.sk }));
    const body = await ok(availability(s.ws, { service_id: s.serviceId, from: "2030-06-10T00:00:00-04:00", to: "2030-06-11T00:00:00-04:00" }));
    expect(body.data.map((calendar: { staff_id: string }) => calendar.staff_id)).toEqual([s.ws.staffId, third.id]);
    expect(body.data[1].slots).toEqual([{ start: "2030-06-10T10:00:00-04:00", end: "2030-06-10T11:00:00-04:00" }]);

    // A calendar without hours is listed with no slots; no calendar at all gives no data.
    await ok(api.put(`/v1/staff/${third.id}/working-hours`, { key: s.ws.sk, body: { working_hours: [] } }));
    const cleared = await ok(availability(s.ws, { service_id: s.serviceId, from: "2030-06-10T00:00:00-04:00", to: "2030-06-11T00:00:00-04:00" }));
    expect(cleared.data[1]).toEqual({ staff_id: third.id, slots: [] });
    await ok(api.put(`/v1/services/${s.serviceId}/staff`, { key: s.ws.sk, body: { staff_ids: [] } }));
    expect(await ok(availability(s.ws, { service_id: s.serviceId, from: "2030-06-10T00:00:00Z", to: "2030-06-11T00:00:00Z" }))).toEqual({ data: [] });
  });

  it("removes booked time (widened by both services' buffers) and exclude_booking_id gives it back", async () => {
    await setNow("2030-06-01T12:00:00Z");
    const s = await setup({ service: { buffer_after_minutes: 30 } });
    const range = ["2030-06-10T00:00:00-04:00", "2030-06-11T00:00:00-04:00"] as const;
    const booked = await book(s, "2030-06-10T11:00:00-04:00");
    // Occupied 11:00–12:30: a new 60-minute visit (plus its 30 after) may end by 11:00 and start at 12:30.
    const starts = (await startsOn(s, ...range)).map((start) => start.slice(11, 16));
    expect(starts).toEqual(["09:00", "09:30", "12:30", "13:00", "13:30", "14:00", "14:30", "15:00", "15:30", "16:00"]);
    const moved = (await startsOn(s, ...range, { exclude_booking_id: booked.id })).map((start) => start.slice(11, 16));
    expect(moved).toHaveLength(15);
    // Excluding some other id changes nothing.
    expect(await startsOn(s, ...range, { exclude_booking_id: "00000000-0000-4000-8000-000000000000" })).toHaveLength(10);
  });

  it("frees a cancelled booking and a lapsed hold, but not a live hold", async () => {
    const s = await setup({ service: { duration_minutes: 30 } });
    await ok(api.patch("/v1/workspace", { key: s.ws.sk, body: { require_verification: true } }));
    const range = ["2030-06-10T09:00:00-04:00", "2030-06-10T10:00:00-04:00"] as const;
    await setNow("2030-06-01T12:00:00Z");
    const hold = await book(s, "2030-06-10T09:00:00-04:00");
    expect(hold.status).toBe("pending");
    expect(await startsOn(s, ...range)).toEqual(["2030-06-10T09:30:00-04:00"]);
    // Ten minutes later (and a margin for the test's own run time) the hold has lapsed; it
    // is free before any job flips it.
    await setNow("2030-06-01T12:11:00Z");
    expect(await startsOn(s, ...range)).toEqual(["2030-06-10T09:00:00-04:00", "2030-06-10T09:30:00-04:00"]);
    const [row] = await currentDb().db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, hold.id));
    expect(row!.status).toBe("pending");

    await ok(api.patch("/v1/workspace", { key: s.ws.sk, body: { require_verification: false } }));
    const confirmed = await book(s, "2030-06-10T09:30:00-04:00");
    expect(await startsOn(s, ...range)).toEqual(["2030-06-10T09:00:00-04:00"]);
    await ok(api.post(`/v1/bookings/${confirmed.id}/cancel`, { key: s.ws.sk, body: {} }));
    expect(await startsOn(s, ...range)).toHaveLength(2);
  });

  it("agrees with booking creation: an offered start books, then it is taken on that calendar only", async () => {
    await setNow("2030-06-01T12:00:00Z");
    const s = await setup();
    const night = await ok(api.post("/v1/staff", { key: s.ws.sk, body: { name: "Night" } }));
    await ok(api.put(`/v1/staff/${night.id}/working-hours`, { key: s.ws.sk, body: { working_hours: EVERY_DAY(1080, 1320) } }));
    await ok(api.put(`/v1/services/${s.serviceId}/staff`, { key: s.ws.sk, body: { staff_ids: [s.ws.staffId, night.id] } }));
    const range = ["2030-06-10T00:00:00-04:00", "2030-06-11T00:00:00-04:00"] as const;
    const before = await startsOn(s, ...range);
    const booked = await book(s, before[0]!);
    expect(booked.staff_id).toBe(s.ws.staffId);
    expect(await startsOn(s, ...range)).not.toContain(before[0]);
    // Taken on the day calendar, outside the night calendar's hours: the slot is taken.
    const again = await api.post("/v1/bookings", {
      key: s.ws.sk,
      body: { service_id: s.serviceId, starts_at: before[0], customer: { name: "Bo", email: "bo@example.com" } },
    });
    expectError(again, 409, "slot_unavailable");
    // Outside every calendar's hours: outside_working_hours.
    const early = await api.post("/v1/bookings", {
      key: s.ws.sk,
      body: { service_id: s.serviceId, starts_at: "2030-06-10T07:00:00-04:00", customer: { name: "Bo", email: "bo@example.com" } },
    });
    expectError(early, 422, "outside_working_hours", "starts_at");
  });

  it("removes time off", async () => {
    await setNow("2030-06-01T12:00:00Z");
    const s = await setup();
    await ok(
      api.post(`/v1/staff/${s.ws.staffId}/time-off`, { key: s.ws.sk, body: { starts_at: "2030-06-10T10:30:00-04:00", ends_at: "2030-06-10T15:00:00-04:00" } }),
    );
    const starts = (await startsOn(s, "2030-06-10T00:00:00-04:00", "2030-06-11T00:00:00-04:00")).map((start) => start.slice(11, 16));
    expect(starts).toEqual(["09:00", "09:30", "15:00", "15:30", "16:00"]);
  });

  it("keeps time off to the millisecond: one past a slot's edge blocks it, an exact edge does not", async () => {
    await setNow("2030-06-01T12:00:00Z");
    const s = await setup();
    // One hour-long appointment every 30 minutes. The first absence starts 1 ms before 10:00 and
    // ends 1 ms into 11:00: 09:00 to 11:00 are blocked. The second starts exactly as 13:00's
    // appointment ends (13:00 stays) and lasts 1 ms (13:30 and 14:00 go).
    await ok(
      api.post(`/v1/staff/${s.ws.staffId}/time-off`, {
        key: s.ws.sk,
        body: { starts_at: "2030-06-10T09:59:59.999-04:00", ends_at: "2030-06-10T11:00:00.001-04:00" },
      }),
    );
    await ok(
      api.post(`/v1/staff/${s.ws.staffId}/time-off`, {
        key: s.ws.sk,
        body: { starts_at: "2030-06-10T14:00:00-04:00", ends_at: "2030-06-10T14:00:00.001-04:00" },
      }),
    );
    const starts = (await startsOn(s, "2030-06-10T00:00:00-04:00", "2030-06-11T00:00:00-04:00")).map((start) => start.slice(11, 16));
    expect(starts).toEqual(["11:30", "12:00", "12:30", "13:00", "14:30", "15:00", "15:30", "16:00"]);
  });

  it("respects min_lead_minutes and max_advance_days in real minutes from the app's clock", async () => {
    const s = await setup({ service: { min_lead_minutes: 120, max_advance_days: 1 } });
    await setNow("2030-06-10T13:00:00Z"); // 09:00 in New York
    const today = await startsOn(s, "2030-06-10T00:00:00-04:00", "2030-06-11T00:00:00-04:00");
    // now drifts forward by the test's run time, so 11:00 sharp is just short of the lead.
    expect(today[0]).toBe("2030-06-10T11:30:00-04:00");
    const tomorrow = await startsOn(s, "2030-06-11T00:00:00-04:00", "2030-06-12T00:00:00-04:00");
    expect(tomorrow).toEqual(["2030-06-11T09:00:00-04:00"]);
  });

  it("lists a slot when its start is in [from, to)", async () => {
    await setNow("2030-06-01T12:00:00Z");
    const s = await setup();
    expect(await startsOn(s, "2030-06-10T09:30:00-04:00", "2030-06-10T10:30:00-04:00")).toEqual(["2030-06-10T09:30:00-04:00", "2030-06-10T10:00:00-04:00"]);
    expect(await startsOn(s, "2030-06-10T09:30:00.001-04:00", "2030-06-10T10:00:00.001-04:00")).toEqual(["2030-06-10T10:00:00-04:00"]);
  });

  it("offers nothing for a paid service whose amount cannot be computed", async () => {
    await setNow("2030-06-01T12:00:00Z");
    const s = await setup();
    const range = ["2030-06-10T00:00:00-04:00", "2030-06-11T00:00:00-04:00"] as const;
    // Only a row written before the payment rules (or by hand) can be like this.
    await currentDb().db.update(services).set({ paymentMode: "full", priceCents: null }).where(eq(services.id, s.serviceId));
    const body = await ok(availability(s.ws, { service_id: s.serviceId, from: range[0], to: range[1] }));
    expect(body).toEqual({ data: [{ staff_id: s.ws.staffId, slots: [] }] });
  });

  it("offers a paid service for new bookings only once the business can take its payment; a move is offered regardless", async () => {
    await setNow("2030-06-01T12:00:00Z");
    const s = await setup({ service: { payment_mode: "full", price_cents: 4_000 } });
    const range = ["2030-06-10T00:00:00-04:00", "2030-06-11T00:00:00-04:00"] as const;
    // No stripe_account_id yet: nothing to book (a create would be refused 422 service_id)…
    expect(await startsOn(s, ...range)).toEqual([]);
    expectError(
      await api.post("/v1/bookings", {
        key: s.ws.sk,
        body: { service_id: s.serviceId, starts_at: "2030-06-10T09:00:00-04:00", customer: { name: "Bo", email: "bo@example.com" } },
      }),
      422,
      "validation_failed",
      "service_id",
    );
    await ok(api.patch("/v1/workspace", { key: s.ws.sk, body: { stripe_account_id: "acct_1Connected" } }));
    expect(await startsOn(s, ...range)).toHaveLength(15);
    const booked = await book(s, "2030-06-10T09:00:00-04:00");
    // …and once disconnected, no new booking, but the booking already made can still move.
    await ok(api.patch("/v1/workspace", { key: s.ws.sk, body: { stripe_account_id: null } }));
    expect(await startsOn(s, ...range)).toEqual([]);
    expect(await startsOn(s, ...range, { exclude_booking_id: booked.id })).toHaveLength(15);
  });

  it("404 for an unknown service, another workspace's service and a deactivated one", async () => {
    const s = await setup();
    const other = await setup();
    const range = { from: "2030-06-10T00:00:00Z", to: "2030-06-11T00:00:00Z" };
    expectError(await availability(s.ws, { service_id: "00000000-0000-4000-8000-000000000000", ...range }), 404, "not_found");
    expectError(await availability(s.ws, { service_id: other.serviceId, ...range }), 404, "not_found");
    await ok(api.post(`/v1/services/${s.serviceId}/deactivate`, { key: s.ws.sk }));
    expectError(await availability(s.ws, { service_id: s.serviceId, ...range }), 404, "not_found");
  });

  it.each([
    ["to", { from: "2030-06-10T00:00:00Z", to: "2030-06-10T00:00:00Z" }],
    ["to", { from: "2030-06-10T00:00:00Z", to: "2030-06-09T23:59:59Z" }],
    ["to", { from: "2030-06-10T00:00:00Z", to: "2030-08-11T00:00:00.001Z" }], // 62 days and a millisecond
    ["to", { from: "2030-06-10T00:00:00+02:00", to: "2030-08-11T00:00:00+01:00" }], // 62 days and an hour
    ["from", { from: "2030-06-10", to: "2030-06-11T00:00:00Z" }],
    ["from", { from: "yesterday", to: "2030-06-11T00:00:00Z" }],
    ["from", { from: undefined }],
    ["to", { from: "2030-06-10T00:00:00Z", to: "" }],
    ["to", { from: "2030-06-10T00:00:00Z", to: "2030-06-11T00:00:00" }], // no offset
    ["service_id", { service_id: "not-a-uuid" }],
    ["service_id", { service_id: "" }],
    ["exclude_booking_id", { exclude_booking_id: "" }],
    ["exclude_booking_id", { exclude_booking_id: "nope" }],
  ])("422 validation_failed naming %s (%o)", async (param, query: Record<string, string | undefined>) => {
    const s = await setup();
    const response = await availability(s.ws, { service_id: s.serviceId, from: "2030-06-10T00:00:00Z", to: "2030-06-11T00:00:00Z", ...query });
    expectError(response, 422, "validation_failed", param);
  });

  it("422 when service_id is missing; a range of exactly 62 days is accepted", async () => {
    const s = await setup();
    expectError(await availability(s.ws, { from: "2030-06-10T00:00:00Z", to: "2030-06-11T00:00:00Z" }), 422, "validation_failed", "service_id");
    const full = await availability(s.ws, { service_id: s.serviceId, from: "2030-06-10T00:00:00Z", to: "2030-08-11T00:00:00Z" });
    expect(full.status).toBe(200);
  });

  it("is limited to 60 requests a minute per publishable key; secret keys are not limited", async () => {
    const s = await setup();
    // A minute no other test of this file uses: the IP bucket is shared within the file.
    await setNow("2030-07-01T08:00:05Z");
    const query = { service_id: s.serviceId, from: "2030-06-10T00:00:00Z", to: "2030-06-11T00:00:00Z" };
    for (let i = 0; i < 60; i++) expect((await availability(s.ws, query, s.ws.pk)).status).toBe(200);
    const refused = await availability(s.ws, query, s.ws.pk);
    expectError(refused, 429, "rate_limited");
    expect((await availability(s.ws, query)).status).toBe(200);
  });

  it("reads a fixed number of queries whatever the range and the number of bookings", async () => {
    await setNow("2030-06-01T12:00:00Z");
    const s = await setup({ service: { duration_minutes: 30 } });
    for (let day = 10; day < 20; day++) await book(s, `2030-06-${day}T10:00:00-04:00`);
    const [workspace] = await currentDb().db.select().from(workspaces).where(eq(workspaces.id, s.ws.id));
    // As the API calls it: the revisions read with the key, so a new range costs its table's queries alone.
    const availabilityRevision = await readAvailabilityRevision(currentDb().db, s.ws.id);
    const run = async (to: string) => {
      const counted = countingDb(currentDb().db);
      const answer = await getAvailabilityJson({
        ctx: { db: counted.db, clock: fixedClock(new Date("2030-06-01T12:00:00Z")), workspace: workspace!, availabilityRevision },
        input: { serviceId: s.serviceId, from: new Date("2030-06-10T00:00:00Z"), to: new Date(to) },
      });
      const body = JSON.parse(Buffer.concat(answer.pieces).toString("utf8"));
      return { queries: counted.queries(), slots: body.data[0].slots.length };
    };
    const oneDay = await run("2030-06-11T00:00:00Z");
    const sixtyTwoDays = await run("2030-08-11T00:00:00Z");
    expect(sixtyTwoDays.slots).toBeGreaterThan(oneDay.slots * 50);
    expect(oneDay.queries).toBe(2);
    expect(sixtyTwoDays.queries).toBe(2);
  });
});
