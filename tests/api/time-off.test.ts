import { describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { itEnforcesAuth } from "../helpers/auth-cases";
import { expectError, newWorkspace, type TestWorkspace } from "../helpers/fixtures";

const create = (ws: TestWorkspace, staffId: string, body: unknown) => api.post(`/v1/staff/${staffId}/time-off`, { key: ws.sk, body });

describe("POST /v1/staff/{id}/time-off", () => {
  it('answers 201 with every field, times in the workspace\'s offset, reason "" when absent', async () => {
    const ws = await newWorkspace({ timezone: "America/New_York" });
    const response = await create(ws, ws.staffId, { starts_at: "2026-07-01T13:00:00Z", ends_at: "2026-07-01T15:30:00+00:00" });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(String),
      staff_id: ws.staffId,
      starts_at: "2026-07-01T09:00:00-04:00",
      ends_at: "2026-07-01T11:30:00-04:00",
      reason: "",
    });
    const withNull = await create(ws, ws.staffId, { starts_at: "2026-07-02T13:00:00Z", ends_at: "2026-07-02T14:00:00Z", reason: null });
    expect(withNull.body.reason).toBe("");
  });

  it("keeps the reason exactly as sent and reads any offset as the same instant", async () => {
    const ws = await newWorkspace({ timezone: "Europe/Paris" });
    const response = await create(ws, ws.staffId, {
      starts_at: "2026-12-24T09:00:00+01:00",
      ends_at: "2026-12-26T08:00:00-00:00",
      reason: " <b>Holidays</b> & family\n",
    });
    expect(response.body).toMatchObject({
      starts_at: "2026-12-24T09:00:00+01:00",
      ends_at: "2026-12-26T09:00:00+01:00",
      reason: " <b>Holidays</b> & family\n",
    });
  });

  it.each([
    ["ends_at", { starts_at: "2026-07-01T10:00:00Z", ends_at: "2026-07-01T10:00:00Z" }],
    ["ends_at", { starts_at: "2026-07-01T10:00:00Z", ends_at: "2026-07-01T11:00:00+02:00" }],
    ["starts_at", { ends_at: "2026-07-01T10:00:00Z" }],
    ["ends_at", { starts_at: "2026-07-01T10:00:00Z" }],
    ["starts_at", { starts_at: "2026-07-01 10:00", ends_at: "2026-07-01T11:00:00Z" }],
    ["starts_at", { starts_at: "2026-07-01T10:00:00", ends_at: "2026-07-01T11:00:00Z" }],
    ["ends_at", { starts_at: "2026-07-01T10:00:00Z", ends_at: 1751367600 }],
    ["starts_at", { starts_at: null, ends_at: "2026-07-01T11:00:00Z" }],
    ["reason", { starts_at: "2026-07-01T10:00:00Z", ends_at: "2026-07-01T11:00:00Z", reason: 5 }],
    ["reason", { starts_at: "2026-07-01T10:00:00Z", ends_at: "2026-07-01T11:00:00Z", reason: "x".repeat(501) }],
  ])("refuses with 422 param %s: %j, and creates nothing", async (param, body) => {
    const ws = await newWorkspace();
    expectError(await create(ws, ws.staffId, body), 422, "validation_failed", param);
    expect((await api.get(`/v1/staff/${ws.staffId}/time-off`, { key: ws.sk })).body.data).toEqual([]);
  });

  it("answers 404 for an unknown, malformed or another workspace's calendar", async () => {
    const ws = await newWorkspace();
    const other = await newWorkspace();
    const body = { starts_at: "2026-07-01T10:00:00Z", ends_at: "2026-07-01T11:00:00Z" };
    for (const id of [other.staffId, "x", "4f1c1d8e-0000-4000-8000-000000000000"]) {
      expectError(await create(ws, id, body), 404, "not_found");
      expectError(await api.get(`/v1/staff/${id}/time-off`, { key: ws.sk }), 404, "not_found");
    }
    expect((await api.get(`/v1/staff/${other.staffId}/time-off`, { key: other.sk })).body.data).toEqual([]);
  });
});

describe("GET /v1/staff/{id}/time-off", () => {
  it("lists one calendar's periods newest first, with cursor paging", async () => {
    const ws = await newWorkspace();
    const kim = await api.post("/v1/staff", { key: ws.sk, body: { name: "Kim" } });
    const first = await create(ws, ws.staffId, { starts_at: "2026-07-01T10:00:00Z", ends_at: "2026-07-01T11:00:00Z", reason: "Dentist" });
    const second = await create(ws, ws.staffId, { starts_at: "2026-06-01T10:00:00Z", ends_at: "2026-06-03T11:00:00Z" });
    await create(ws, kim.body.id, { starts_at: "2026-07-01T10:00:00Z", ends_at: "2026-07-01T11:00:00Z" });

    const listed = await api.get(`/v1/staff/${ws.staffId}/time-off`, { key: ws.sk });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({ data: [second.body, first.body], next_cursor: null });
    const page1 = await api.get(`/v1/staff/${ws.staffId}/time-off`, { key: ws.sk, query: { limit: 1 } });
    expect(page1.body.data).toEqual([second.body]);
    const page2 = await api.get(`/v1/staff/${ws.staffId}/time-off`, { key: ws.sk, query: { limit: 1, cursor: page1.body.next_cursor } });
    expect(page2.body).toEqual({ data: [first.body], next_cursor: null });
    expectError(await api.get(`/v1/staff/${ws.staffId}/time-off`, { key: ws.sk, query: { cursor: "bad" } }), 422, "validation_failed", "cursor");
  });
});

describe("DELETE /v1/staff/{id}/time-off/{timeOffId}", () => {
  it("removes the period and answers {id, deleted: true}; a second delete is 404", async () => {
    const ws = await newWorkspace();
    const period = await create(ws, ws.staffId, { starts_at: "2026-07-01T10:00:00Z", ends_at: "2026-07-01T11:00:00Z" });
    const removed = await api.delete(`/v1/staff/${ws.staffId}/time-off/${period.body.id}`, { key: ws.sk });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ id: period.body.id, deleted: true });
    expect((await api.get(`/v1/staff/${ws.staffId}/time-off`, { key: ws.sk })).body.data).toEqual([]);
    expectError(await api.delete(`/v1/staff/${ws.staffId}/time-off/${period.body.id}`, { key: ws.sk }), 404, "not_found");
  });

  it("answers 404 through another calendar, another workspace, or a malformed id, and deletes nothing", async () => {
    const ws = await newWorkspace();
    const other = await newWorkspace();
    const kim = await api.post("/v1/staff", { key: ws.sk, body: { name: "Kim" } });
    const period = await create(ws, ws.staffId, { starts_at: "2026-07-01T10:00:00Z", ends_at: "2026-07-01T11:00:00Z" });
    expectError(await api.delete(`/v1/staff/${kim.body.id}/time-off/${period.body.id}`, { key: ws.sk }), 404, "not_found");
    expectError(await api.delete(`/v1/staff/${ws.staffId}/time-off/${period.body.id}`, { key: other.sk }), 404, "not_found");
    expectError(await api.delete(`/v1/staff/${ws.staffId}/time-off/nope`, { key: ws.sk }), 404, "not_found");
    expect((await api.get(`/v1/staff/${ws.staffId}/time-off`, { key: ws.sk })).body.data).toHaveLength(1);
  });
});

itEnforcesAuth("every time-off route", async () => {
  const ws = await newWorkspace();
  const period = await create(ws, ws.staffId, { starts_at: "2026-07-01T10:00:00Z", ends_at: "2026-07-01T11:00:00Z" });
  const body = { starts_at: "2026-07-02T10:00:00Z", ends_at: "2026-07-02T11:00:00Z" };
  return [
    { method: "GET", path: `/v1/staff/${ws.staffId}/time-off`, owner: ws, scoped: true },
    { method: "POST", path: `/v1/staff/${ws.staffId}/time-off`, owner: ws, body, scoped: true },
    { method: "DELETE", path: `/v1/staff/${ws.staffId}/time-off/${period.body.id}`, owner: ws, scoped: true },
  ];
});
