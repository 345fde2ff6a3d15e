import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { api } from "../helpers/api";
import { itEnforcesAuth } from "../helpers/auth-cases";
import { expectError, newWorkspace, type TestWorkspace } from "../helpers/fixtures";
import { currentDb } from "../helpers/test-db";
import { bookingAnswers, bookings, customers, questions } from "@/lib/db/schema";
import { setClockOffset } from "@/lib/time/clock";

const create = (ws: TestWorkspace, body: unknown) => api.post("/v1/questions", { key: ws.sk, body });
const patch = (ws: TestWorkspace, id: string, body: unknown) => api.patch(`/v1/questions/${id}`, { key: ws.sk, body });
const list = async (ws: TestWorkspace) => (await api.get("/v1/questions", { key: ws.sk })).body.data;

async function newService(ws: TestWorkspace, name = "Cut") {
  const response = await api.post("/v1/services", { key: ws.sk, body: { name, duration_minutes: 30, payment_mode: "none" } });
  expect(response.status).toBe(201);
  return response.body.id as string;
}

describe("POST /v1/questions", () => {
  it("answers 201 with every field and the defaults: optional, all services, after the last question", async () => {
    const ws = await newWorkspace();
    const response = await create(ws, { label: "Anything we should know?", type: "long_text" });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(String),
      label: "Anything we should know?",
      help_text: null,
      type: "long_text",
      options: [],
      required: false,
      applies_to: "all_services",
      service_ids: [],
      position: 0,
    });
    expect((await create(ws, { label: "Second", type: "text" })).body.position).toBe(1);
  });

  it("creates each type, a select with options and a question scoped to chosen services", async () => {
    const ws = await newWorkspace();
    const cut = await newService(ws, "Cut");
    const colour = await newService(ws, "Colour");
    const select = await create(ws, {
      label: "Preferred length",
      help_text: "<i>Roughly</i>",
      type: "select",
      options: ["Short", "Medium", "Long"],
      required: true,
      applies_to: "selected_services",
      service_ids: [cut, colour, cut],
      position: 4,
    });
    expect(select.status).toBe(201);
    expect(select.body).toMatchObject({
      help_text: "<i>Roughly</i>",
      type: "select",
      options: ["Short", "Medium", "Long"],
      required: true,
      applies_to: "selected_services",
      service_ids: [cut, colour],
      position: 4,
    });
    const box = await create(ws, { label: "I accept the policy", type: "checkbox", required: true });
    expect(box.body).toMatchObject({ type: "checkbox", options: [], required: true });
    expect((await create(ws, { label: "Name of your dog", type: "text", options: [] })).status).toBe(201);
  });

  it.each([
    ["label", { type: "text" }],
    ["label", { label: "", type: "text" }],
    ["label", { label: "x".repeat(501), type: "text" }],
    ["type", { label: "Q" }],
    ["type", { label: "Q", type: "number" }],
    ["type", { label: "Q", type: null }],
    ["options", { label: "Q", type: "select" }],
    ["options", { label: "Q", type: "select", options: [] }],
    ["options.1", { label: "Q", type: "select", options: ["A", "A"] }],
    ["options.0", { label: "Q", type: "select", options: [""] }],
    ["options.0", { label: "Q", type: "select", options: [3] }],
    ["options", { label: "Q", type: "select", options: "A,B" }],
    ["options", { label: "Q", type: "text", options: ["A"] }],
    ["options", { label: "Q", type: "checkbox", options: ["yes"] }],
    ["required", { label: "Q", type: "text", required: "yes" }],
    ["applies_to", { label: "Q", type: "text", applies_to: "some" }],
    ["service_ids", { label: "Q", type: "text", applies_to: "selected_services" }],
    ["service_ids", { label: "Q", type: "text", applies_to: "selected_services", service_ids: [] }],
    ["service_ids.0", { label: "Q", type: "text", applies_to: "selected_services", service_ids: ["nope"] }],
    ["service_ids.0", { label: "Q", type: "text", applies_to: "selected_services", service_ids: ["4f1c1d8e-0000-4000-8000-000000000000"] }],
    ["help_text", { label: "Q", type: "text", help_text: 5 }],
    ["position", { label: "Q", type: "text", position: -3 }],
  ])("refuses with 422 param %s: %j, and creates nothing", async (param, body) => {
    const ws = await newWorkspace();
    expectError(await create(ws, body), 422, "validation_failed", param);
    expect(await list(ws)).toEqual([]);
  });

  it("refuses service_ids with all_services, and a service of another workspace", async () => {
    const ws = await newWorkspace();
    const mine = await newService(ws);
    const theirs = await newService(await newWorkspace());
    expectError(await create(ws, { label: "Q", type: "text", service_ids: [mine] }), 422, "validation_failed", "service_ids");
    expectError(
      await create(ws, { label: "Q", type: "text", applies_to: "selected_services", service_ids: [mine, theirs] }),
      422,
      "validation_failed",
      "service_ids.1",
    );
    expect(await list(ws)).toEqual([]);
  });
});

describe("GET /v1/questions", () => {
  it("is the business's order: position, ties by creation, never by label; [] when none", async () => {
    const ws = await newWorkspace();
    expect((await api.get("/v1/questions", { key: ws.sk })).body).toEqual({ data: [], next_cursor: null });
    await create(ws, { label: "Zeta", type: "text", position: 3 });
    await setClockOffset(currentDb().db, 1_000);
    await create(ws, { label: "Alpha", type: "text", position: 3 });
    await create(ws, { label: "First", type: "text", position: 1 });
    expect((await list(ws)).map((q: { label: string }) => q.label)).toEqual(["First", "Zeta", "Alpha"]);
    expect(await list(await newWorkspace())).toEqual([]);
  });
});

describe("PATCH /v1/questions/{id}", () => {
  it("changes fields partially; null clears help_text", async () => {
    const ws = await newWorkspace();
    const q = await create(ws, { label: "Q", type: "text", help_text: "Help" });
    const changed = await patch(ws, q.body.id, { label: "Better", required: true, help_text: null, position: 9 });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ ...q.body, label: "Better", required: true, help_text: null, position: 9 });
    expect((await patch(ws, q.body.id, {})).body).toEqual(changed.body);
    expect(await list(ws)).toEqual([changed.body]);
  });

  it("turns a question into a select only with options, and drops options when it stops being one", async () => {
    const ws = await newWorkspace();
    const q = await create(ws, { label: "Q", type: "text" });
    expectError(await patch(ws, q.body.id, { type: "select" }), 422, "validation_failed", "options");
    const select = await patch(ws, q.body.id, { type: "select", options: ["A", "B"] });
    expect(select.body).toMatchObject({ type: "select", options: ["A", "B"] });
    expectError(await patch(ws, q.body.id, { options: [] }), 422, "validation_failed", "options");
    expect((await patch(ws, q.body.id, { options: ["C"] })).body.options).toEqual(["C"]);
    expectError(await patch(ws, q.body.id, { type: "checkbox", options: ["C"] }), 422, "validation_failed", "options");
    const box = await patch(ws, q.body.id, { type: "checkbox" });
    expect(box.body).toMatchObject({ type: "checkbox", options: [] });
  });

  it("scopes to services and back to all, checking every service id", async () => {
    const ws = await newWorkspace();
    const cut = await newService(ws);
    const q = await create(ws, { label: "Q", type: "text" });
    expectError(await patch(ws, q.body.id, { applies_to: "selected_services" }), 422, "validation_failed", "service_ids");
    expectError(
      await patch(ws, q.body.id, { applies_to: "selected_services", service_ids: [cut, "4f1c1d8e-0000-4000-8000-000000000000"] }),
      422,
      "validation_failed",
      "service_ids.1",
    );
    const scoped = await patch(ws, q.body.id, { applies_to: "selected_services", service_ids: [cut] });
    expect(scoped.body).toMatchObject({ applies_to: "selected_services", service_ids: [cut] });
    expectError(await patch(ws, q.body.id, { applies_to: "all_services", service_ids: [cut] }), 422, "validation_failed", "service_ids");
    const all = await patch(ws, q.body.id, { applies_to: "all_services" });
    expect(all.body).toMatchObject({ applies_to: "all_services", service_ids: [] });
    expect(await list(ws)).toEqual([all.body]);
  });

  it("answers 404 for an unknown, malformed or another workspace's question", async () => {
    const ws = await newWorkspace();
    const other = await newWorkspace();
    const theirs = await create(other, { label: "Theirs", type: "text" });
    for (const id of [theirs.body.id, "x", "4f1c1d8e-0000-4000-8000-000000000000"]) {
      expectError(await patch(ws, id, { label: "Mine" }), 404, "not_found");
      expectError(await api.delete(`/v1/questions/${id}`, { key: ws.sk }), 404, "not_found");
    }
    expect(await list(other)).toEqual([theirs.body]);
  });
});

describe("DELETE /v1/questions/{id}", () => {
  it("answers {id, deleted: true}, even for a question customers have answered, whose answers stay with the label as asked", async () => {
    const ws = await newWorkspace();
    const serviceId = await newService(ws);
    const q = await create(ws, { label: "Q", type: "text" });
    const keep = await create(ws, { label: "Keep", type: "text" });
    // An answer already given (written directly: booking creation is another area's).
    const db = currentDb().db;
    const [customer] = await db.insert(customers).values({ workspaceId: ws.id, name: "Ada", email: "ada@example.com" }).returning();
    const start = new Date("2026-09-01T10:00:00Z");
    const end = new Date("2026-09-01T10:30:00Z");
    const [booking] = await db
      .insert(bookings)
      .values({
        workspaceId: ws.id,
        serviceId,
        staffId: ws.staffId,
        customerId: customer!.id,
        startsAt: start,
        endsAt: end,
        occupiedStart: start,
        occupiedEnd: end,
        status: "confirmed",
        createdVia: "sk",
      })
      .returning();
    await db.insert(bookingAnswers).values([
      { bookingId: booking!.id, questionId: q.body.id, label: "Q", position: 0, value: "Hello" },
      { bookingId: booking!.id, questionId: keep.body.id, label: "Keep", position: 1, value: "Kept" },
    ]);

    const removed = await api.delete(`/v1/questions/${q.body.id}`, { key: ws.sk });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ id: q.body.id, deleted: true });
    expect(await list(ws)).toEqual([keep.body]);
    expect(await db.select().from(questions).where(eq(questions.id, q.body.id))).toEqual([]);
    const read = await api.get(`/v1/bookings/${booking!.id}`, { key: ws.sk });
    expect(read.body.answers).toEqual([
      { question_id: q.body.id, label: "Q", value: "Hello" },
      { question_id: keep.body.id, label: "Keep", value: "Kept" },
    ]);
    expectError(await api.delete(`/v1/questions/${q.body.id}`, { key: ws.sk }), 404, "not_found");
  });
});

describe("questions on the booking page", () => {
  it("shows each question with its scope, limited to the services the page lists", async () => {
    const ws = await newWorkspace();
    const cut = await newService(ws, "Cut");
    const hidden = await newService(ws, "Hidden");
    await api.put(`/v1/services/${cut}/staff`, { key: ws.sk, body: { staff_ids: [ws.staffId] } });
    const scoped = await create(ws, { label: "Length", type: "select", options: ["S", "L"], applies_to: "selected_services", service_ids: [cut, hidden] });
    const onlyHidden = await create(ws, { label: "Hidden only", type: "text", applies_to: "selected_services", service_ids: [hidden] });
    const all = await create(ws, { label: "Notes", type: "long_text" });
    const page = await api.get(`/v1/public/workspaces/${ws.slug}`, { headers: { "X-Forwarded-For": "10.4.0.1" } });
    expect(page.body.questions).toEqual([{ ...scoped.body, service_ids: [cut] }, all.body]);
    expect(page.body.questions.map((q: { id: string }) => q.id)).not.toContain(onlyHidden.body.id);
  });
});

itEnforcesAuth("every question route", async () => {
  const ws = await newWorkspace();
  const q = await create(ws, { label: "Q", type: "text" });
  return [
    { method: "GET", path: "/v1/questions", owner: ws },
    { method: "POST", path: "/v1/questions", owner: ws, body: { label: "Q2", type: "text" } },
    { method: "PATCH", path: `/v1/questions/${q.body.id}`, owner: ws, body: { label: "Renamed" }, scoped: true },
    { method: "DELETE", path: `/v1/questions/${q.body.id}`, owner: ws, scoped: true },
  ];
});
