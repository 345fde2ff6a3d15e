import { describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { itEnforcesAuth } from "../helpers/auth-cases";
import { expectError, newWorkspace, type TestWorkspace } from "../helpers/fixtures";
import { setClockOffset } from "@/lib/time/clock";
import { currentDb } from "../helpers/test-db";

const create = (ws: TestWorkspace, body: unknown) => api.post("/v1/categories", { key: ws.sk, body });
const names = async (ws: TestWorkspace) => (await api.get("/v1/categories", { key: ws.sk })).body.data.map((c: { name: string }) => c.name);

describe("POST /v1/categories", () => {
  it("answers 201 {id, name, position}, appending after the last category when no position is sent", async () => {
    const ws = await newWorkspace();
    const first = await create(ws, { name: "Hair" });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({ id: expect.any(String), name: "Hair", position: 0 });
    expect((await create(ws, { name: "Nails", position: 10 })).body.position).toBe(10);
    expect((await create(ws, { name: "Spa" })).body.position).toBe(11);
  });

  it.each([
    ["name", {}],
    ["name", { name: "" }],
    ["name", { name: null }],
    ["name", { name: "x".repeat(201) }],
    ["position", { name: "Hair", position: -1 }],
    ["position", { name: "Hair", position: 1.5 }],
    ["position", { name: "Hair", position: "1" }],
    ["position", { name: "Hair", position: 1_000_001 }],
  ])("refuses with 422 param %s: %j", async (param, body) => {
    const ws = await newWorkspace();
    expectError(await create(ws, body), 422, "validation_failed", param);
    expect(await names(ws)).toEqual([]);
  });
});

describe("GET /v1/categories", () => {
  it("is [] when none exist, then the business's order: position, ties by creation, never by name", async () => {
    const ws = await newWorkspace();
    expect((await api.get("/v1/categories", { key: ws.sk })).body).toEqual({ data: [], next_cursor: null });
    await create(ws, { name: "Zebra", position: 2 });
    await setClockOffset(currentDb().db, 1_000);
    await create(ws, { name: "Alpha", position: 2 });
    await create(ws, { name: "Middle", position: 1 });
    await create(ws, { name: "Last", position: 7 });
    await create(ws, { name: "First", position: 0 });
    expect(await names(ws)).toEqual(["First", "Middle", "Zebra", "Alpha", "Last"]);
    expect(await names(await newWorkspace())).toEqual([]);
  });
});

describe("PATCH /v1/categories/{id}", () => {
  it("renames and moves a category without touching the others", async () => {
    const ws = await newWorkspace();
    const hair = await create(ws, { name: "Hair" });
    const nails = await create(ws, { name: "Nails" });
    const moved = await api.patch(`/v1/categories/${hair.body.id}`, { key: ws.sk, body: { position: 5 } });
    expect(moved.status).toBe(200);
    expect(moved.body).toEqual({ id: hair.body.id, name: "Hair", position: 5 });
    expect(await names(ws)).toEqual(["Nails", "Hair"]);
    const renamed = await api.patch(`/v1/categories/${hair.body.id}`, { key: ws.sk, body: { name: "Hair & beard" } });
    expect(renamed.body).toEqual({ id: hair.body.id, name: "Hair & beard", position: 5 });
    expect((await api.patch(`/v1/categories/${nails.body.id}`, { key: ws.sk, body: {} })).body).toEqual(nails.body);
    expectError(await api.patch(`/v1/categories/${hair.body.id}`, { key: ws.sk, body: { name: "" } }), 422, "validation_failed", "name");
    expectError(await api.patch(`/v1/categories/${hair.body.id}`, { key: ws.sk, body: { position: null } }), 422, "validation_failed", "position");
  });

  it("answers 404 for an unknown, malformed or another workspace's category", async () => {
    const ws = await newWorkspace();
    const other = await newWorkspace();
    const theirs = await create(other, { name: "Theirs" });
    for (const id of [theirs.body.id, "x", "4f1c1d8e-0000-4000-8000-000000000000"]) {
      expectError(await api.patch(`/v1/categories/${id}`, { key: ws.sk, body: { name: "Mine" } }), 404, "not_found");
      expectError(await api.delete(`/v1/categories/${id}`, { key: ws.sk }), 404, "not_found");
    }
    expect(await names(other)).toEqual(["Theirs"]);
  });
});

describe("GET /v1/categories/{id}", () => {
  it("answers the category as the list shows it, after a rename too", async () => {
    const ws = await newWorkspace();
    const hair = await create(ws, { name: "Hair", position: 3 });
    const read = await api.get(`/v1/categories/${hair.body.id}`, { key: ws.sk });
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ id: hair.body.id, name: "Hair", position: 3 });
    expect((await api.patch(`/v1/categories/${hair.body.id}`, { key: ws.sk, body: { name: "Hair & beauty" } })).status).toBe(200);
    expect((await api.get(`/v1/categories/${hair.body.id}`, { key: ws.sk })).body).toEqual({ id: hair.body.id, name: "Hair & beauty", position: 3 });
  });

  it("answers 404 for an unknown, malformed or another workspace's category", async () => {
    const ws = await newWorkspace();
    const other = await newWorkspace();
    const theirs = await create(other, { name: "Theirs" });
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid", theirs.body.id]) {
      expectError(await api.get(`/v1/categories/${id}`, { key: ws.sk }), 404, "not_found");
    }
  });
});

describe("DELETE /v1/categories/{id}", () => {
  it("answers {id, deleted: true} and leaves its services uncategorised", async () => {
    const ws = await newWorkspace();
    const hair = await create(ws, { name: "Hair" });
    const service = await api.post("/v1/services", { key: ws.sk, body: { name: "Cut", duration_minutes: 30, payment_mode: "none" } });
    await api.put(`/v1/services/${service.body.id}/category`, { key: ws.sk, body: { category_id: hair.body.id } });
    const removed = await api.delete(`/v1/categories/${hair.body.id}`, { key: ws.sk });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ id: hair.body.id, deleted: true });
    expect(await names(ws)).toEqual([]);
    const read = await api.get(`/v1/services/${service.body.id}`, { key: ws.sk });
    expect(read.body).toMatchObject({ category_id: null, active: true });
    expectError(await api.delete(`/v1/categories/${hair.body.id}`, { key: ws.sk }), 404, "not_found");
  });
});

itEnforcesAuth("every category route", async () => {
  const ws = await newWorkspace();
  const hair = await create(ws, { name: "Hair" });
  return [
    { method: "GET", path: "/v1/categories", owner: ws },
    { method: "POST", path: "/v1/categories", owner: ws, body: { name: "Nails" } },
    { method: "GET", path: `/v1/categories/${hair.body.id}`, owner: ws, scoped: true },
    { method: "PATCH", path: `/v1/categories/${hair.body.id}`, owner: ws, body: { name: "Renamed" }, scoped: true },
    { method: "DELETE", path: `/v1/categories/${hair.body.id}`, owner: ws, scoped: true },
  ];
});
