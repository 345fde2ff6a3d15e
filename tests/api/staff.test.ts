import { describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import { api } from "../helpers/api";
import { itEnforcesAuth } from "../helpers/auth-cases";
import { expectError, newAccount, newWorkspace, newWorkspaceOn, type TestWorkspace } from "../helpers/fixtures";
import { currentDb } from "../helpers/test-db";
import { staff, workspaces } from "@/lib/db/schema";

const createCalendar = (ws: TestWorkspace, body: unknown) => api.post("/v1/staff", { key: ws.sk, body });

async function createOk(ws: TestWorkspace, name = "Kim") {
  const response = await createCalendar(ws, { name });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: string; name: string; active: boolean };
}

async function activeCalendars(workspaceId: string) {
  return currentDb()
    .db.select()
    .from(staff)
    .where(and(eq(staff.workspaceId, workspaceId), eq(staff.active, true)));
}

const publicPage = (ws: TestWorkspace) =>
  api.get(`/v1/public/workspaces/${ws.slug}`, { headers: { "X-Forwarded-For": `10.3.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` } });

describe("POST /v1/staff", () => {
  it("creates an active calendar that offers nothing and has no hours", async () => {
    const ws = await newWorkspace();
    const response = await createCalendar(ws, { name: "Kim" });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ id: expect.any(String), name: "Kim", title: null, bio: null, active: true });
    const hours = await api.get(`/v1/staff/${response.body.id}/working-hours`, { key: ws.sk });
    expect(hours.body).toEqual({ working_hours: [] });
    const service = await api.post("/v1/services", { key: ws.sk, body: { name: "Cut", duration_minutes: 30, payment_mode: "none" } });
    const listed = await api.get("/v1/services", { key: ws.sk });
    expect(listed.body.data.find((s: { id: string }) => s.id === service.body.id).staff_ids).toEqual([]);
  });

  it("keeps title and bio exactly as sent", async () => {
    const ws = await newWorkspace();
    const response = await createCalendar(ws, { name: "  Kim  ", title: "<i>Senior</i> stylist", bio: "Line one\nLine two " });
    expect(response.body).toMatchObject({ name: "Kim", title: "<i>Senior</i> stylist", bio: "Line one\nLine two " });
  });

  it.each([
    ["name", {}],
    ["name", { name: "" }],
    ["name", { name: "   " }],
    ["name", { name: null }],
    ["name", { name: 12 }],
    ["name", { name: "x".repeat(201) }],
    ["title", { name: "Kim", title: 5 }],
    ["title", { name: "Kim", title: "x".repeat(201) }],
    ["bio", { name: "Kim", bio: "x".repeat(2_001) }],
  ])("refuses with 422 param %s: %j", async (param, body) => {
    const ws = await newWorkspace();
    expectError(await createCalendar(ws, body), 422, "validation_failed", param);
    expect(await activeCalendars(ws.id)).toHaveLength(1);
  });

  it("answers 402 with dimension staff (no limit or used for a secret key) at the plan's cap and creates nothing", async () => {
    const ws = await newWorkspace({ plan: "free", planStep: 1 });
    const refused = await createCalendar(ws, { name: "Second" });
    expectError(refused, 402, "plan_limit_exceeded");
    expect(refused.body.error.dimension).toBe("staff");
    expect(refused.body.error).not.toHaveProperty("limit");
    expect(refused.body.error).not.toHaveProperty("used");
    expect(await activeCalendars(ws.id)).toHaveLength(1);
  });

  it("counts active calendars across the account's live workspaces only", async () => {
    // starter/2: 2 workspaces, 6 calendars.
    const account = await newAccount("starter", 2);
    const first = await newWorkspaceOn(account);
    const second = await newWorkspaceOn(account);
    for (const name of ["b", "c", "d"]) await createOk(first, name);
    await createOk(second, "e"); // 6 active in all
    expectError(await createCalendar(first, { name: "f" }), 402, "plan_limit_exceeded");
    expectError(await createCalendar(second, { name: "f" }), 402, "plan_limit_exceeded");

    // An inactive calendar frees a place.
    const [b] = await currentDb()
      .db.select()
      .from(staff)
      .where(and(eq(staff.workspaceId, first.id), eq(staff.name, "b")));
    await api.delete(`/v1/staff/${b!.id}`, { key: first.sk });
    await createOk(second, "f");
    expectError(await createCalendar(first, { name: "g" }), 402, "plan_limit_exceeded");

    // Calendars of a workspace that is no longer live do not count.
    await currentDb().db.update(workspaces).set({ active: false }).where(eq(workspaces.id, second.id));
    // first: Alex, c, d active (b is off); second's three no longer count.
    for (const name of ["g", "h", "i"]) await createOk(first, name);
    expectError(await createCalendar(first, { name: "j" }), 402, "plan_limit_exceeded");
  });

  it("lets concurrent creates past the cap only as far as the cap allows", async () => {
    // starter/1 allows 3 calendars; the workspace has 1.
    const ws = await newWorkspace({ plan: "starter", planStep: 1 });
    const results = await Promise.all(["a", "b", "c", "d", "e"].map((name) => createCalendar(ws, { name })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 402, 402, 402]);
    expect(await activeCalendars(ws.id)).toHaveLength(3);
  });
});

describe("GET /v1/staff", () => {
  it("lists every calendar, active or not, newest first, with cursor paging", async () => {
    const ws = await newWorkspace();
    const kim = await createOk(ws, "Kim");
    const lee = await createOk(ws, "Lee");
    await api.delete(`/v1/staff/${kim.id}`, { key: ws.sk });
    const listed = await api.get("/v1/staff", { key: ws.sk });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({
      data: [
        { id: lee.id, name: "Lee", title: null, bio: null, active: true },
        { id: kim.id, name: "Kim", title: null, bio: null, active: false },
        { id: ws.staffId, name: "Alex", title: null, bio: null, active: true },
      ],
      next_cursor: null,
    });
    const page1 = await api.get("/v1/staff", { key: ws.sk, query: { limit: 2 } });
    expect(page1.body.data.map((s: { id: string }) => s.id)).toEqual([lee.id, kim.id]);
    const page2 = await api.get("/v1/staff", { key: ws.sk, query: { limit: 2, cursor: page1.body.next_cursor } });
    expect(page2.body).toEqual({ data: [expect.objectContaining({ id: ws.staffId })], next_cursor: null });
    expectError(await api.get("/v1/staff", { key: ws.sk, query: { cursor: "%%%" } }), 422, "validation_failed", "cursor");
  });

  it("never shows another workspace's calendars", async () => {
    const ws = await newWorkspace();
    await createOk(await newWorkspace(), "Elsewhere");
    const listed = await api.get("/v1/staff", { key: ws.sk });
    expect(listed.body.data.map((s: { id: string }) => s.id)).toEqual([ws.staffId]);
  });
});

describe("PATCH /v1/staff/{id}", () => {
  it("changes name, title and bio partially; null clears; an empty body changes nothing", async () => {
    const ws = await newWorkspace();
    const kim = await createOk(ws);
    const changed = await api.patch(`/v1/staff/${kim.id}`, { key: ws.sk, body: { title: "Stylist", bio: "Hi" } });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ id: kim.id, name: "Kim", title: "Stylist", bio: "Hi", active: true });
    const renamed = await api.patch(`/v1/staff/${kim.id}`, { key: ws.sk, body: { name: "Kimberly", title: null } });
    expect(renamed.body).toEqual({ id: kim.id, name: "Kimberly", title: null, bio: "Hi", active: true });
    expect((await api.patch(`/v1/staff/${kim.id}`, { key: ws.sk, body: {} })).body).toEqual(renamed.body);
    expect((await api.get(`/v1/staff/${kim.id}`, { key: ws.sk })).body).toEqual(renamed.body);
  });

  it("refuses bad values naming the field", async () => {
    const ws = await newWorkspace();
    expectError(await api.patch(`/v1/staff/${ws.staffId}`, { key: ws.sk, body: { name: "" } }), 422, "validation_failed", "name");
    expectError(await api.patch(`/v1/staff/${ws.staffId}`, { key: ws.sk, body: { name: null } }), 422, "validation_failed", "name");
    expectError(await api.patch(`/v1/staff/${ws.staffId}`, { key: ws.sk, body: { active: "no" } }), 422, "validation_failed", "active");
    expectError(await api.patch(`/v1/staff/${ws.staffId}`, { key: ws.sk, body: { bio: ["x"] } }), 422, "validation_failed", "bio");
  });

  it("deactivates and re-activates, and re-activation respects the plan's cap", async () => {
    // starter/1 allows 3 calendars.
    const ws = await newWorkspace({ plan: "starter", planStep: 1 });
    const kim = await createOk(ws, "Kim");
    const off = await api.patch(`/v1/staff/${kim.id}`, { key: ws.sk, body: { active: false } });
    expect(off.body.active).toBe(false);
    await createOk(ws, "Lee");
    await createOk(ws, "Max"); // 3 active: at the cap
    const refused = await api.patch(`/v1/staff/${kim.id}`, { key: ws.sk, body: { active: true, name: "Kim again" } });
    expectError(refused, 402, "plan_limit_exceeded");
    expect(refused.body.error.dimension).toBe("staff");
    expect((await api.get(`/v1/staff/${kim.id}`, { key: ws.sk })).body).toMatchObject({ name: "Kim", active: false });
    // Already-active calendars may still say active: true.
    expect((await api.patch(`/v1/staff/${ws.staffId}`, { key: ws.sk, body: { active: true } })).status).toBe(200);

    await api.delete(`/v1/staff/${ws.staffId}`, { key: ws.sk });
    const back = await api.patch(`/v1/staff/${kim.id}`, { key: ws.sk, body: { active: true } });
    expect(back.status).toBe(200);
    expect(back.body.active).toBe(true);
  });

  it("answers 404 for an unknown, malformed or another workspace's calendar", async () => {
    const ws = await newWorkspace();
    const other = await newWorkspace();
    for (const id of [other.staffId, "nope", "4f1c1d8e-0000-4000-8000-000000000000"]) {
      expectError(await api.patch(`/v1/staff/${id}`, { key: ws.sk, body: { name: "Mine now" } }), 404, "not_found");
      expectError(await api.get(`/v1/staff/${id}`, { key: ws.sk }), 404, "not_found");
      expectError(await api.delete(`/v1/staff/${id}`, { key: ws.sk }), 404, "not_found");
    }
    expect((await api.get(`/v1/staff/${other.staffId}`, { key: other.sk })).body).toMatchObject({ name: "Alex", active: true });
  });
});

describe("DELETE /v1/staff/{id}", () => {
  it("deactivates (idempotently), keeps the record, and takes the calendar off the booking page", async () => {
    const ws = await newWorkspace();
    const kim = await createOk(ws, "Kim");
    const service = await api.post("/v1/services", { key: ws.sk, body: { name: "Cut", duration_minutes: 30, payment_mode: "none" } });
    await api.put(`/v1/services/${service.body.id}/staff`, { key: ws.sk, body: { staff_ids: [kim.id, ws.staffId] } });
    await api.put(`/v1/staff/${kim.id}/working-hours`, { key: ws.sk, body: { working_hours: [{ weekday: 1, start_minute: 540, end_minute: 1020 }] } });
    expect((await publicPage(ws)).body.staff.map((s: { id: string }) => s.id)).toEqual([ws.staffId, kim.id]);

    const removed = await api.delete(`/v1/staff/${kim.id}`, { key: ws.sk });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ id: kim.id, name: "Kim", title: null, bio: null, active: false });
    expect((await api.delete(`/v1/staff/${kim.id}`, { key: ws.sk })).body.active).toBe(false);
    expect((await publicPage(ws)).body.staff.map((s: { id: string }) => s.id)).toEqual([ws.staffId]);
    // Nothing is erased: the services it offers and its hours remain for when it comes back.
    expect((await api.get(`/v1/services/${service.body.id}`, { key: ws.sk })).body.staff_ids).toContain(kim.id);
    expect((await api.get(`/v1/staff/${kim.id}/working-hours`, { key: ws.sk })).body.working_hours).toHaveLength(1);

    // The last active calendar gone: the service is no longer bookable.
    await api.delete(`/v1/staff/${ws.staffId}`, { key: ws.sk });
    expect((await publicPage(ws)).body).toMatchObject({ services: [], staff: [] });
  });
});

itEnforcesAuth("every calendar route", async () => {
  const ws = await newWorkspace();
  return [
    { method: "GET", path: "/v1/staff", owner: ws },
    { method: "POST", path: "/v1/staff", owner: ws, body: { name: "Intruder" } },
    { method: "GET", path: `/v1/staff/${ws.staffId}`, owner: ws, scoped: true },
    { method: "PATCH", path: `/v1/staff/${ws.staffId}`, owner: ws, body: { name: "Renamed" }, scoped: true },
    { method: "DELETE", path: `/v1/staff/${ws.staffId}`, owner: ws, scoped: true },
  ];
});
