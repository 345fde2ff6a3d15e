import { describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { itEnforcesAuth } from "../helpers/auth-cases";
import { expectError, newWorkspace, type TestWorkspace } from "../helpers/fixtures";

const put = (ws: TestWorkspace, staffId: string, body: unknown) => api.put(`/v1/staff/${staffId}/working-hours`, { key: ws.sk, body });
const block = (weekday: number, start_minute: number, end_minute: number) => ({ weekday, start_minute, end_minute });

describe("PUT /v1/staff/{id}/working-hours", () => {
  it("replaces the whole week, answers it ordered by weekday then start, and GET reads the same", async () => {
    const ws = await newWorkspace();
    const week = [block(3, 780, 1020), block(1, 540, 720), block(3, 540, 720), block(0, 0, 1440), block(6, 1380, 1440)];
    const response = await put(ws, ws.staffId, { working_hours: week });
    expect(response.status).toBe(200);
    const ordered = [block(0, 0, 1440), block(1, 540, 720), block(3, 540, 720), block(3, 780, 1020), block(6, 1380, 1440)];
    expect(response.body).toEqual({ working_hours: ordered });
    expect((await api.get(`/v1/staff/${ws.staffId}/working-hours`, { key: ws.sk })).body).toEqual({ working_hours: ordered });

    // Omitted blocks are erased.
    const replaced = await put(ws, ws.staffId, { working_hours: [block(2, 600, 660)] });
    expect(replaced.body).toEqual({ working_hours: [block(2, 600, 660)] });
    expect((await api.get(`/v1/staff/${ws.staffId}/working-hours`, { key: ws.sk })).body).toEqual({ working_hours: [block(2, 600, 660)] });

    // An empty week clears it.
    expect((await put(ws, ws.staffId, { working_hours: [] })).body).toEqual({ working_hours: [] });
    expect((await api.get(`/v1/staff/${ws.staffId}/working-hours`, { key: ws.sk })).body).toEqual({ working_hours: [] });
  });

  it("accepts blocks that touch (they stay two blocks) and the same hours on different days", async () => {
    const ws = await newWorkspace();
    const week = [block(1, 540, 720), block(1, 720, 1020), block(2, 540, 720)];
    expect((await put(ws, ws.staffId, { working_hours: week })).body).toEqual({ working_hours: week });
  });

  it.each([
    ["working_hours.1", [block(1, 540, 720), block(1, 600, 660)]], // contained
    ["working_hours.1", [block(1, 540, 720), block(1, 719, 800)]], // one minute of overlap
    ["working_hours.2", [block(1, 600, 700), block(2, 0, 10), block(1, 540, 601)]], // out of order
    ["working_hours.1", [block(4, 540, 720), block(4, 540, 720)]], // duplicate
    ["working_hours.0.end_minute", [block(1, 720, 540)]],
    ["working_hours.0.end_minute", [block(1, 600, 600)]],
    ["working_hours.0.weekday", [block(7, 540, 720)]],
    ["working_hours.0.weekday", [block(-1, 540, 720)]],
    ["working_hours.0.weekday", [{ weekday: "monday", start_minute: 540, end_minute: 720 }]],
    ["working_hours.0.start_minute", [block(1, -1, 720)]],
    ["working_hours.0.start_minute", [block(1, 1440, 1440)]],
    ["working_hours.0.start_minute", [block(1, 540.5, 720)]],
    ["working_hours.0.end_minute", [block(1, 540, 1441)]],
    ["working_hours.0.end_minute", [{ weekday: 1, start_minute: 540 }]],
    ["working_hours.0.start_minute", [{ weekday: 1, start_minute: null, end_minute: 600 }]],
    ["working_hours.0", [null]],
    ["working_hours", null],
    ["working_hours", "9-5"],
    ["working_hours", undefined],
  ])("refuses with 422 param %s and keeps the old week", async (param, workingHours) => {
    const ws = await newWorkspace();
    const before = [block(5, 600, 900)];
    await put(ws, ws.staffId, { working_hours: before });
    expectError(await put(ws, ws.staffId, { working_hours: workingHours }), 422, "validation_failed", param);
    expect((await api.get(`/v1/staff/${ws.staffId}/working-hours`, { key: ws.sk })).body).toEqual({ working_hours: before });
  });

  it("refuses more than 200 blocks", async () => {
    const ws = await newWorkspace();
    const tooMany = Array.from({ length: 201 }, (_, i) => block(i % 7, Math.floor(i / 7) * 40, Math.floor(i / 7) * 40 + 30));
    expectError(await put(ws, ws.staffId, { working_hours: tooMany }), 422, "validation_failed", "working_hours");
  });

  it("answers 404 for an unknown, malformed or another workspace's calendar and changes nothing there", async () => {
    const ws = await newWorkspace();
    const other = await newWorkspace();
    await put(other, other.staffId, { working_hours: [block(1, 540, 600)] });
    for (const id of [other.staffId, "x", "4f1c1d8e-0000-4000-8000-000000000000"]) {
      expectError(await put(ws, id, { working_hours: [] }), 404, "not_found");
      expectError(await api.get(`/v1/staff/${id}/working-hours`, { key: ws.sk }), 404, "not_found");
    }
    expect((await api.get(`/v1/staff/${other.staffId}/working-hours`, { key: other.sk })).body.working_hours).toHaveLength(1);
  });
});

describe("GET /v1/staff/working-hours", () => {
  it("gives every calendar's week, newest calendar first, [] for a calendar without hours", async () => {
    const ws = await newWorkspace();
    const other = await newWorkspace();
    await put(other, other.staffId, { working_hours: [block(1, 0, 60)] });
    const kim = await api.post("/v1/staff", { key: ws.sk, body: { name: "Kim" } });
    const idle = await api.post("/v1/staff", { key: ws.sk, body: { name: "Idle" } });
    await api.delete(`/v1/staff/${idle.body.id}`, { key: ws.sk });
    await put(ws, ws.staffId, { working_hours: [block(2, 600, 700), block(1, 540, 600)] });
    await put(ws, kim.body.id, { working_hours: [block(0, 60, 120)] });

    const response = await api.get("/v1/staff/working-hours", { key: ws.sk });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      data: [
        { staff_id: idle.body.id, working_hours: [] },
        { staff_id: kim.body.id, working_hours: [block(0, 60, 120)] },
        { staff_id: ws.staffId, working_hours: [block(1, 540, 600), block(2, 600, 700)] },
      ],
      next_cursor: null,
    });
  });
});

itEnforcesAuth("every working-hours route", async () => {
  const ws = await newWorkspace();
  return [
    { method: "GET", path: "/v1/staff/working-hours", owner: ws },
    { method: "GET", path: `/v1/staff/${ws.staffId}/working-hours`, owner: ws, scoped: true },
    { method: "PUT", path: `/v1/staff/${ws.staffId}/working-hours`, owner: ws, body: { working_hours: [] }, scoped: true },
  ];
});
