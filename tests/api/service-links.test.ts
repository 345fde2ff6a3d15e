import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { api } from "../helpers/api";
import { expectError, newWorkspace, type TestWorkspace } from "../helpers/fixtures";
import { currentDb } from "../helpers/test-db";
import { services } from "@/lib/db/schema";
import { addCalendar, addCategory } from "../helpers/factories";

/** PUT /v1/services/{id}/staff and /category: which calendars offer a service, and its category. */
const BASIC = { name: "Haircut", duration_minutes: 45, payment_mode: "none" };

async function createOk(ws: TestWorkspace, body: Record<string, unknown> = BASIC) {
  const response = await api.post("/v1/services", { key: ws.sk, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

let ipCounter = 0;
const publicPage = (ws: TestWorkspace) =>
  api.get(`/v1/public/workspaces/${ws.slug}`, { headers: { "X-Forwarded-For": `10.5.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}` } });

describe("PUT /v1/services/{id}/staff", () => {
  it("replaces the whole set, echoes staff_ids, collapses duplicates, and [] makes the service unbookable", async () => {
    const ws = await newWorkspace();
    const service = await createOk(ws);
    const kim = await addCalendar(ws, { name: "Kim" });
    const lee = await addCalendar(ws, { name: "Lee" });

    const set = await api.put(`/v1/services/${service.id}/staff`, { key: ws.sk, body: { staff_ids: [kim.id, ws.staffId, kim.id] } });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ staff_ids: [kim.id, ws.staffId] });
    expect((await publicPage(ws)).body.staff.map((s: { name: string }) => s.name)).toEqual(["Alex", "Kim"]);

    const replaced = await api.put(`/v1/services/${service.id}/staff`, { key: ws.sk, body: { staff_ids: [lee.id] } });
    expect(replaced.body).toEqual({ staff_ids: [lee.id] });
    expect((await api.get(`/v1/services/${service.id}`, { key: ws.sk })).body.staff_ids).toEqual([lee.id]);

    const cleared = await api.put(`/v1/services/${service.id}/staff`, { key: ws.sk, body: { staff_ids: [] } });
    expect(cleared.body).toEqual({ staff_ids: [] });
    expect((await publicPage(ws)).body).toMatchObject({ services: [], staff: [] });
  });

  it("refuses ids that name no calendar of this workspace, naming the element, and changes nothing", async () => {
    const ws = await newWorkspace();
    const other = await newWorkspace();
    const service = await createOk(ws);
    await api.put(`/v1/services/${service.id}/staff`, { key: ws.sk, body: { staff_ids: [ws.staffId] } });
    const put = (body: unknown) => api.put(`/v1/services/${service.id}/staff`, { key: ws.sk, body });

    expectError(await put({ staff_ids: [ws.staffId, other.staffId] }), 422, "validation_failed", "staff_ids.1");
    expectError(await put({ staff_ids: ["4f1c1d8e-0000-4000-8000-000000000000"] }), 422, "validation_failed", "staff_ids.0");
    expectError(await put({ staff_ids: ["not-a-uuid"] }), 422, "validation_failed", "staff_ids.0");
    expectError(await put({ staff_ids: null }), 422, "validation_failed", "staff_ids");
    expectError(await put({}), 422, "validation_failed", "staff_ids");
    expectError(await put({ staff_ids: ws.staffId }), 422, "validation_failed", "staff_ids");
    expect((await api.get(`/v1/services/${service.id}`, { key: ws.sk })).body.staff_ids).toEqual([ws.staffId]);
  });

  it("accepts an inactive calendar, which offers nothing while inactive", async () => {
    const ws = await newWorkspace();
    const service = await createOk(ws);
    const resting = await addCalendar(ws, { name: "Resting", active: false });
    expect((await api.put(`/v1/services/${service.id}/staff`, { key: ws.sk, body: { staff_ids: [resting.id] } })).body).toEqual({ staff_ids: [resting.id] });
    expect((await publicPage(ws)).body).toMatchObject({ services: [], staff: [] });
  });

  it("answers 404 for an unknown or another workspace's service", async () => {
    const ws = await newWorkspace();
    const theirs = await createOk(await newWorkspace());
    expectError(await api.put(`/v1/services/${theirs.id}/staff`, { key: ws.sk, body: { staff_ids: [ws.staffId] } }), 404, "not_found");
    expectError(await api.put(`/v1/services/x/staff`, { key: ws.sk, body: { staff_ids: [] } }), 404, "not_found");
  });
});

describe("PUT /v1/services/{id}/category", () => {
  it("files a service under a category and back to none, answering the service with its links", async () => {
    const ws = await newWorkspace();
    const service = await createOk(ws);
    const category = await addCategory(ws, { name: "Hair" });
    const set = await api.put(`/v1/services/${service.id}/category`, { key: ws.sk, body: { category_id: category.id } });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ ...service, category_id: category.id, staff_ids: [] });
    const cleared = await api.put(`/v1/services/${service.id}/category`, { key: ws.sk, body: { category_id: null } });
    expect(cleared.body.category_id).toBeNull();
  });

  it("refuses a category of another workspace or none at all, and a missing field", async () => {
    const ws = await newWorkspace();
    const other = await newWorkspace();
    const service = await createOk(ws);
    const theirs = await addCategory(other, { name: "Hair" });
    const put = (body: unknown) => api.put(`/v1/services/${service.id}/category`, { key: ws.sk, body });
    expectError(await put({ category_id: theirs.id }), 422, "validation_failed", "category_id");
    expectError(await put({ category_id: "4f1c1d8e-0000-4000-8000-000000000000" }), 422, "validation_failed", "category_id");
    expectError(await put({ category_id: "hair" }), 422, "validation_failed", "category_id");
    expectError(await put({}), 422, "validation_failed", "category_id");
    const [row] = await currentDb().db.select().from(services).where(eq(services.id, service.id));
    expect(row!.categoryId).toBeNull();
  });

  it("answers 404 for another workspace's service", async () => {
    const ws = await newWorkspace();
    const theirs = await createOk(await newWorkspace());
    expectError(await api.put(`/v1/services/${theirs.id}/category`, { key: ws.sk, body: { category_id: null } }), 404, "not_found");
  });
});
