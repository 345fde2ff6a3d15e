import { describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { itEnforcesAuth } from "../helpers/auth-cases";
import { expectError, newWorkspace, type TestWorkspace } from "../helpers/fixtures";
import { currentDb } from "../helpers/test-db";
import { services } from "@/lib/db/schema";
import { addCalendar, addCategory } from "../helpers/factories";

const FULL_VIEW_FIELDS = [
  "active",
  "buffer_after_minutes",
  "buffer_before_minutes",
  "capacity",
  "deposit_amount_cents",
  "deposit_percent",
  "description",
  "duration_minutes",
  "id",
  "max_advance_days",
  "min_cancel_notice_minutes",
  "min_lead_minutes",
  "name",
  "payment_amount_cents",
  "payment_mode",
  "price_cents",
  "repeat_max",
];

const BASIC = { name: "Haircut", duration_minutes: 45, payment_mode: "none" };

const create = (ws: TestWorkspace, body: unknown) => api.post("/v1/services", { key: ws.sk, body });

async function createOk(ws: TestWorkspace, body: Record<string, unknown> = BASIC) {
  const response = await create(ws, body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

const publicPage = (ws: TestWorkspace) =>
  api.get(`/v1/public/workspaces/${ws.slug}`, { headers: { "X-Forwarded-For": `10.2.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` } });

describe("POST /v1/services", () => {
  it("answers 201 with the full view, omitted fields at their zero values and max_advance_days 60", async () => {
    const ws = await newWorkspace();
    const response = await create(ws, BASIC);
    expect(response.status).toBe(201);
    expect(Object.keys(response.body).sort()).toEqual(FULL_VIEW_FIELDS);
    expect(response.body).toEqual({
      id: expect.any(String),
      name: "Haircut",
      duration_minutes: 45,
      buffer_before_minutes: 0,
      buffer_after_minutes: 0,
      min_lead_minutes: 0,
      max_advance_days: 60,
      min_cancel_notice_minutes: 0,
      active: true,
      price_cents: null,
      description: null,
      payment_mode: "none",
      deposit_amount_cents: null,
      deposit_percent: null,
      capacity: 1,
      repeat_max: 0,
      payment_amount_cents: null,
    });
  });

  it("stores every writable field as sent, max_advance_days 0 as 60, and the description exactly", async () => {
    const ws = await newWorkspace();
    const body = {
      name: "Colour",
      duration_minutes: 90,
      buffer_before_minutes: 10,
      buffer_after_minutes: 15,
      min_lead_minutes: 120,
      max_advance_days: 0,
      min_cancel_notice_minutes: 1440,
      price_cents: 12_000,
      description: "<b>Full</b> colour\n & gloss ",
      payment_mode: "full",
      deposit_amount_cents: null,
      deposit_percent: null,
      capacity: 1,
      repeat_max: 0,
    };
    const created = await createOk(ws, body);
    expect(created).toMatchObject({ ...body, max_advance_days: 60, active: true, payment_amount_cents: 12_000 });
    const explicit = await createOk(ws, { ...BASIC, max_advance_days: 30 });
    expect(explicit.max_advance_days).toBe(30);
  });

  it.each([
    ["full", { price_cents: 2_500 }, 2_500],
    ["none", { price_cents: 2_000 }, null],
    ["deposit_fixed", { deposit_amount_cents: 500 }, 500],
    ["deposit_fixed", { deposit_amount_cents: 500, price_cents: 2_500 }, 500],
    ["deposit_fixed", { deposit_amount_cents: 2_500, price_cents: 2_500 }, 2_500],
    ["deposit_percent", { deposit_percent: 25, price_cents: 2_500 }, 625],
    ["deposit_percent", { deposit_percent: 15, price_cents: 250 }, 38], // 37.5 rounds half up
    ["deposit_percent", { deposit_percent: 50, price_cents: 1 }, 1], // 0.5 rounds half up
    ["deposit_percent", { deposit_percent: 1, price_cents: 50 }, 1],
    ["deposit_percent", { deposit_percent: 33, price_cents: 1_001 }, 330], // 330.33 rounds down
    ["deposit_percent", { deposit_percent: 100, price_cents: 4_999 }, 4_999],
  ])("computes payment_amount_cents for %s %j as %j", async (mode, fields, amount) => {
    const ws = await newWorkspace();
    const created = await createOk(ws, { ...BASIC, payment_mode: mode, ...fields });
    expect(created.payment_amount_cents).toBe(amount);
    expect(created).toMatchObject(fields);
  });

  it.each([
    // Rule 1: payment_mode must be sent, and be a known mode.
    ["payment_mode", { payment_mode: undefined }],
    ["payment_mode", { payment_mode: null }],
    ["payment_mode", { payment_mode: "free" }],
    // Rule 2: full needs price_cents and neither deposit field.
    ["price_cents", { payment_mode: "full" }],
    ["price_cents", { payment_mode: "full", price_cents: null }],
    ["deposit_amount_cents", { payment_mode: "full", price_cents: 2_000, deposit_amount_cents: 500 }],
    ["deposit_percent", { payment_mode: "full", price_cents: 2_000, deposit_percent: 10 }],
    // Rule 3: deposit_fixed needs deposit_amount_cents and no deposit_percent.
    ["deposit_amount_cents", { payment_mode: "deposit_fixed" }],
    ["deposit_amount_cents", { payment_mode: "deposit_fixed", price_cents: 2_000 }],
    ["deposit_percent", { payment_mode: "deposit_fixed", deposit_amount_cents: 500, deposit_percent: 10 }],
    ["deposit_amount_cents", { payment_mode: "deposit_fixed", deposit_amount_cents: 2_001, price_cents: 2_000 }],
    // Rule 4: deposit_percent needs a whole 1–100 percent and price_cents.
    ["deposit_percent", { payment_mode: "deposit_percent", price_cents: 2_000 }],
    ["price_cents", { payment_mode: "deposit_percent", deposit_percent: 20 }],
    ["deposit_amount_cents", { payment_mode: "deposit_percent", deposit_percent: 20, price_cents: 2_000, deposit_amount_cents: 100 }],
    ["deposit_percent", { payment_mode: "deposit_percent", deposit_percent: 101, price_cents: 2_000 }],
    ["deposit_percent", { payment_mode: "deposit_percent", deposit_percent: 12.5, price_cents: 2_000 }],
    ["deposit_percent", { payment_mode: "deposit_percent", deposit_percent: "20", price_cents: 2_000 }],
    // Rule 5: none takes neither deposit field.
    ["deposit_amount_cents", { payment_mode: "none", deposit_amount_cents: 500 }],
    ["deposit_percent", { payment_mode: "none", deposit_percent: 10 }],
    // Rule 6: whatever is charged must exceed zero; a price is never 0.
    ["price_cents", { payment_mode: "full", price_cents: 0 }],
    ["price_cents", { payment_mode: "none", price_cents: 0 }],
    ["price_cents", { payment_mode: "full", price_cents: -100 }],
    ["deposit_amount_cents", { payment_mode: "deposit_fixed", deposit_amount_cents: 0 }],
    ["deposit_percent", { payment_mode: "deposit_percent", deposit_percent: 0, price_cents: 2_000 }],
    ["deposit_percent", { payment_mode: "deposit_percent", deposit_percent: 1, price_cents: 49 }],
    ["price_cents", { payment_mode: "deposit_percent", deposit_percent: 50, price_cents: 0 }],
    // Types and ranges.
    ["price_cents", { payment_mode: "full", price_cents: "2000" }],
    ["price_cents", { payment_mode: "full", price_cents: 19.99 }],
    ["price_cents", { payment_mode: "full", price_cents: 1e12 }],
    ["name", { name: undefined }],
    ["name", { name: "   " }],
    ["name", { name: "x".repeat(201) }],
    ["name", { name: 7 }],
    ["duration_minutes", { duration_minutes: undefined }],
    ["duration_minutes", { duration_minutes: 0 }],
    ["duration_minutes", { duration_minutes: "30" }],
    ["duration_minutes", { duration_minutes: 1441 }],
    ["buffer_before_minutes", { buffer_before_minutes: -5 }],
    ["buffer_after_minutes", { buffer_after_minutes: null }],
    ["min_lead_minutes", { min_lead_minutes: 1.5 }],
    ["max_advance_days", { max_advance_days: -1 }],
    ["max_advance_days", { max_advance_days: 731 }],
    ["min_cancel_notice_minutes", { min_cancel_notice_minutes: "60" }],
    ["description", { description: 42 }],
    ["description", { description: "x".repeat(5_001) }],
  ])("refuses with 422 param %s: %j, and creates nothing", async (param, fields) => {
    const ws = await newWorkspace();
    expectError(await create(ws, { ...BASIC, ...fields }), 422, "validation_failed", param);
    const listed = await api.get("/v1/services", { key: ws.sk });
    expect(listed.body.data).toEqual([]);
  });

  it("refuses a body that is not an object, ignores unknown fields and a category_id", async () => {
    const ws = await newWorkspace();
    expectError(await create(ws, null), 422, "validation_failed");
    expectError(await create(ws, [BASIC]), 422, "validation_failed");
    const category = await addCategory(ws, { name: "Hair" });
    const created = await createOk(ws, { ...BASIC, colour: "red", active: false, category_id: category.id, payment_amount_cents: 999 });
    expect(created).not.toHaveProperty("colour");
    expect(created.active).toBe(true);
    expect(created.payment_amount_cents).toBeNull();
    const listed = await api.get("/v1/services", { key: ws.sk });
    expect(listed.body.data[0].category_id).toBeNull();
  });
});

describe("PUT /v1/services/{id}", () => {
  it("replaces every field, omitted ones at their zero value, keeping active, category and calendars", async () => {
    const ws = await newWorkspace();
    const category = await addCategory(ws, { name: "Hair" });
    const original = await createOk(ws, {
      name: "Colour",
      duration_minutes: 90,
      buffer_before_minutes: 10,
      buffer_after_minutes: 15,
      min_lead_minutes: 120,
      max_advance_days: 30,
      min_cancel_notice_minutes: 60,
      price_cents: 12_000,
      description: "Long",
      payment_mode: "deposit_percent",
      deposit_percent: 20,
    });
    await api.post(`/v1/services/${original.id}/deactivate`, { key: ws.sk });
    await api.put(`/v1/services/${original.id}/category`, { key: ws.sk, body: { category_id: category.id } });
    await api.put(`/v1/services/${original.id}/staff`, { key: ws.sk, body: { staff_ids: [ws.staffId] } });
    const other = await addCategory(ws, { name: "Other" });

    const replaced = await api.put(`/v1/services/${original.id}`, {
      key: ws.sk,
      body: { name: "Trim", duration_minutes: 20, payment_mode: "none", category_id: other.id, active: true },
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toEqual({
      id: original.id,
      name: "Trim",
      duration_minutes: 20,
      buffer_before_minutes: 0,
      buffer_after_minutes: 0,
      min_lead_minutes: 0,
      max_advance_days: 60,
      min_cancel_notice_minutes: 0,
      active: false,
      price_cents: null,
      description: null,
      payment_mode: "none",
      deposit_amount_cents: null,
      deposit_percent: null,
      capacity: 1,
      repeat_max: 0,
      payment_amount_cents: null,
    });
    const read = await api.get(`/v1/services/${original.id}`, { key: ws.sk });
    expect(read.body).toMatchObject({ name: "Trim", active: false, category_id: category.id, staff_ids: [ws.staffId] });
  });

  it("applies the payment rules on replace and changes nothing when refused", async () => {
    const ws = await newWorkspace();
    const original = await createOk(ws, { ...BASIC, payment_mode: "full", price_cents: 3_000 });
    expectError(
      await api.put(`/v1/services/${original.id}`, { key: ws.sk, body: { ...BASIC, payment_mode: "full" } }),
      422,
      "validation_failed",
      "price_cents",
    );
    expectError(
      await api.put(`/v1/services/${original.id}`, { key: ws.sk, body: { name: "x", duration_minutes: 30 } }),
      422,
      "validation_failed",
      "payment_mode",
    );
    const read = await api.get(`/v1/services/${original.id}`, { key: ws.sk });
    expect(read.body).toMatchObject({ payment_mode: "full", price_cents: 3_000, payment_amount_cents: 3_000 });
  });

  it("answers 404 for an unknown, malformed or another workspace's id", async () => {
    const ws = await newWorkspace();
    const other = await newWorkspace();
    const theirs = await createOk(other);
    for (const id of ["4f1c1d8e-0000-4000-8000-000000000000", "not-a-uuid", theirs.id]) {
      expectError(await api.put(`/v1/services/${id}`, { key: ws.sk, body: BASIC }), 404, "not_found");
      expectError(await api.get(`/v1/services/${id}`, { key: ws.sk }), 404, "not_found");
    }
    const untouched = await api.get(`/v1/services/${theirs.id}`, { key: other.sk });
    expect(untouched.body.name).toBe("Haircut");
  });
});

describe("GET /v1/services", () => {
  it("lists every service newest first with category_id and staff_ids, and pages with a cursor", async () => {
    const ws = await newWorkspace();
    const first = await createOk(ws, { ...BASIC, name: "First" });
    const second = await createOk(ws, { ...BASIC, name: "Second" });
    const third = await createOk(ws, { ...BASIC, name: "Third" });
    await api.post(`/v1/services/${second.id}/deactivate`, { key: ws.sk });
    const kim = await addCalendar(ws, { name: "Kim" });
    await api.put(`/v1/services/${third.id}/staff`, { key: ws.sk, body: { staff_ids: [kim.id, ws.staffId] } });
    const category = await addCategory(ws, { name: "Hair" });
    await api.put(`/v1/services/${first.id}/category`, { key: ws.sk, body: { category_id: category.id } });

    const listed = await api.get("/v1/services", { key: ws.sk });
    expect(listed.status).toBe(200);
    expect(listed.body.next_cursor).toBeNull();
    expect(listed.body.data.map((s: { name: string }) => s.name)).toEqual(["Third", "Second", "First"]);
    expect(listed.body.data[0]).toMatchObject({ category_id: null, staff_ids: [ws.staffId, kim.id], active: true });
    expect(listed.body.data[1]).toMatchObject({ active: false, staff_ids: [] });
    expect(listed.body.data[2]).toMatchObject({ category_id: category.id, staff_ids: [] });

    const page1 = await api.get("/v1/services", { key: ws.sk, query: { limit: 2 } });
    expect(page1.body.data.map((s: { id: string }) => s.id)).toEqual([third.id, second.id]);
    expect(page1.body.next_cursor).toEqual(expect.any(String));
    const page2 = await api.get("/v1/services", { key: ws.sk, query: { limit: 2, cursor: page1.body.next_cursor } });
    expect(page2.body).toEqual({ data: [expect.objectContaining({ id: first.id })], next_cursor: null });
  });

  it("shows a misconfigured paid service with a null payment amount", async () => {
    const ws = await newWorkspace();
    await currentDb()
      .db.insert(services)
      .values({ workspaceId: ws.id, name: "Broken", durationMinutes: 30, paymentMode: "deposit_percent", priceCents: null, depositPercent: 20 });
    const listed = await api.get("/v1/services", { key: ws.sk });
    expect(listed.body.data[0]).toMatchObject({ payment_mode: "deposit_percent", payment_amount_cents: null });
  });

  it("refuses a malformed cursor and lists nothing of another workspace", async () => {
    const ws = await newWorkspace();
    const other = await newWorkspace();
    await createOk(other);
    expectError(await api.get("/v1/services", { key: ws.sk, query: { cursor: "garbage" } }), 422, "validation_failed", "cursor");
    expect((await api.get("/v1/services", { key: ws.sk })).body).toEqual({ data: [], next_cursor: null });
  });
});

describe("POST /v1/services/{id}/activate and /deactivate", () => {
  it("toggles active (idempotently) and only active services reach the booking page", async () => {
    const ws = await newWorkspace();
    const service = await createOk(ws);
    await api.put(`/v1/services/${service.id}/staff`, { key: ws.sk, body: { staff_ids: [ws.staffId] } });
    expect((await publicPage(ws)).body.services.map((s: { id: string }) => s.id)).toEqual([service.id]);

    const off = await api.post(`/v1/services/${service.id}/deactivate`, { key: ws.sk });
    expect(off.status).toBe(200);
    expect(Object.keys(off.body).sort()).toEqual(FULL_VIEW_FIELDS);
    expect(off.body.active).toBe(false);
    expect((await api.post(`/v1/services/${service.id}/deactivate`, { key: ws.sk })).body.active).toBe(false);
    expect((await publicPage(ws)).body).toMatchObject({ services: [], staff: [] });

    const on = await api.post(`/v1/services/${service.id}/activate`, { key: ws.sk });
    expect(on.status).toBe(200);
    expect(on.body).toEqual({ ...off.body, active: true });
    expect((await api.post(`/v1/services/${service.id}/activate`, { key: ws.sk })).body.active).toBe(true);
    expect((await publicPage(ws)).body.services).toHaveLength(1);
  });

  it("answers 404 for an unknown or another workspace's service", async () => {
    const ws = await newWorkspace();
    const theirs = await createOk(await newWorkspace());
    for (const action of ["activate", "deactivate"]) {
      expectError(await api.post(`/v1/services/${theirs.id}/${action}`, { key: ws.sk }), 404, "not_found");
      expectError(await api.post(`/v1/services/nope/${action}`, { key: ws.sk }), 404, "not_found");
    }
  });
});

itEnforcesAuth("every services route", async () => {
  const ws = await newWorkspace();
  const service = await createOk(ws);
  return [
    { method: "GET", path: "/v1/services", owner: ws },
    { method: "POST", path: "/v1/services", owner: ws, body: BASIC },
    { method: "GET", path: `/v1/services/${service.id}`, owner: ws, scoped: true },
    { method: "PUT", path: `/v1/services/${service.id}`, owner: ws, body: BASIC, scoped: true },
    { method: "POST", path: `/v1/services/${service.id}/activate`, owner: ws, scoped: true },
    { method: "POST", path: `/v1/services/${service.id}/deactivate`, owner: ws, scoped: true },
    { method: "PUT", path: `/v1/services/${service.id}/staff`, owner: ws, body: { staff_ids: [] }, scoped: true },
    { method: "PUT", path: `/v1/services/${service.id}/category`, owner: ws, body: { category_id: null }, scoped: true },
  ];
});
