import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { setConfigForTesting } from "@/lib/config";
import { webhookDeliveries, webhookEndpoints } from "@/lib/db/schema";
import { unseal } from "@/lib/secrets/seal";
import { api } from "../helpers/api";
import { itEnforcesAuth } from "../helpers/auth-cases";
import { expectError, newWorkspace } from "../helpers/fixtures";
import { currentDb } from "../helpers/test-db";
import { advanceClock, emitBookingEvent, insertBooking, registerEndpoint } from "../helpers/webhooks";

const HTTPS_URL = "https://hooks.example.com/bookings";
const MISSING_ID = "00000000-0000-4000-8000-000000000000";

describe("POST /v1/webhook-endpoints", () => {
  it("answers 201 with the endpoint and its secret, shown once and stored sealed", async () => {
    const ws = await newWorkspace();
    const response = await api.post("/v1/webhook-endpoints", { key: ws.sk, body: { url: HTTPS_URL, events: ["booking.created", "booking.cancelled"] } });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(String),
      url: HTTPS_URL,
      events: ["booking.created", "booking.cancelled"],
      active: true,
      consecutive_failures: 0,
      last_success_at: null,
      last_failure_at: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{3})?Z$/),
      secret: expect.stringMatching(/^whsec_[0-9A-Za-z]{40}$/),
    });

    const [row] = await currentDb().db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, response.body.id));
    expect(row!.secretSealed).not.toContain(response.body.secret);
    expect(unseal(row!.secretSealed)).toBe(response.body.secret);

    const read = await api.get(`/v1/webhook-endpoints/${response.body.id}`, { key: ws.sk });
    expect(read.status).toBe(200);
    expect(read.body).not.toHaveProperty("secret");
    const { secret: _secret, ...withoutSecret } = response.body;
    expect(read.body).toEqual(withoutSecret);
  });

  it("collapses repeated event types", async () => {
    const ws = await newWorkspace();
    const response = await api.post("/v1/webhook-endpoints", { key: ws.sk, body: { url: HTTPS_URL, events: ["booking.rescheduled", "booking.rescheduled"] } });
    expect(response.status).toBe(201);
    expect(response.body.events).toEqual(["booking.rescheduled"]);
  });

  it("refuses a bad body with the field named, never a 500", async () => {
    const ws = await newWorkspace();
    const post = (body: unknown) => api.post("/v1/webhook-endpoints", { key: ws.sk, body });
    expectError(await post({ events: ["booking.created"] }), 422, "validation_failed", "url");
    expectError(await post({ url: HTTPS_URL }), 422, "validation_failed", "events");
    expectError(await post({ url: HTTPS_URL, events: [] }), 422, "validation_failed", "events");
    expectError(await post({ url: HTTPS_URL, events: ["booking.paid"] }), 422, "validation_failed", "events.0");
    expectError(await post({ url: HTTPS_URL, events: "booking.created" }), 422, "validation_failed", "events");
    expectError(await post({ url: null, events: ["booking.created"] }), 422, "validation_failed", "url");
    expectError(await post({ url: 42, events: ["booking.created"] }), 422, "validation_failed", "url");
    expectError(await post({ url: "not a url", events: ["booking.created"] }), 422, "validation_failed", "url");
    expectError(await post({ url: `https://example.com/${"a".repeat(3000)}`, events: ["booking.created"] }), 422, "validation_failed", "url");
    expectError(await post({ url: "ftp://example.com/hook", events: ["booking.created"] }), 422, "validation_failed", "url");
    expectError(await api.post("/v1/webhook-endpoints", { key: ws.sk, rawBody: "{not json" }), 422, "validation_failed");
  });

  it("without dev tools: https only, and no private, loopback or link-local address", async () => {
    const ws = await newWorkspace();
    setConfigForTesting({ devTools: false });
    const post = (url: string) => api.post("/v1/webhook-endpoints", { key: ws.sk, body: { url, events: ["booking.created"] } });
    for (const url of [
      "http://hooks.example.com/bookings",
      "https://localhost/hook",
      "https://api.localhost/hook",
      "https://127.0.0.1/hook",
      "https://127.1/hook",
      "https://2130706433/hook",
      "https://10.1.2.3/hook",
      "https://172.16.0.1/hook",
      "https://192.168.1.10/hook",
      "https://169.254.169.254/latest/meta-data",
      "https://100.64.0.1/hook",
      "https://0.0.0.0/hook",
      "https://[::1]/hook",
      "https://[fe80::1]/hook",
      "https://[fd00::1]/hook",
      "https://[::ffff:127.0.0.1]/hook",
      "https://[64:ff9b::a9fe:a9fe]/hook",
    ]) {
      expectError(await post(url), 422, "validation_failed", "url");
    }
    expect((await post("https://93.184.215.14/hook")).status).toBe(201);
    expect((await post(HTTPS_URL)).status).toBe(201);

    const created = await registerEndpoint(ws, HTTPS_URL);
    expectError(
      await api.patch(`/v1/webhook-endpoints/${created.id}`, { key: ws.sk, body: { url: "https://10.0.0.8/hook" } }),
      422,
      "validation_failed",
      "url",
    );
    expectError(
      await api.patch(`/v1/webhook-endpoints/${created.id}`, { key: ws.sk, body: { url: "http://hooks.example.com/x" } }),
      422,
      "validation_failed",
      "url",
    );
  });

  it("with dev tools on: a local http receiver is accepted", async () => {
    const ws = await newWorkspace();
    expect((await api.post("/v1/webhook-endpoints", { key: ws.sk, body: { url: "http://127.0.0.1:4321/hook", events: ["booking.created"] } })).status).toBe(
      201,
    );
  });

  itEnforcesAuth("webhook endpoint collection", async () => {
    const owner = await newWorkspace();
    return [
      { method: "POST", path: "/v1/webhook-endpoints", body: { url: HTTPS_URL, events: ["booking.created"] }, owner },
      { method: "GET", path: "/v1/webhook-endpoints", owner },
    ];
  });
});

describe("GET /v1/webhook-endpoints", () => {
  it("lists the workspace's endpoints newest first, without secrets, with a cursor", async () => {
    const ws = await newWorkspace();
    const other = await newWorkspace();
    await registerEndpoint(other, HTTPS_URL);
    const first = await registerEndpoint(ws, "https://one.example.com/h");
    await advanceClock(1_000);
    const second = await registerEndpoint(ws, "https://two.example.com/h");
    await advanceClock(1_000);
    const third = await registerEndpoint(ws, "https://three.example.com/h");
    await api.delete(`/v1/webhook-endpoints/${first.id}`, { key: ws.sk });

    const all = await api.get("/v1/webhook-endpoints", { key: ws.sk });
    expect(all.status).toBe(200);
    expect(all.body.data.map((e: { id: string }) => e.id)).toEqual([third.id, second.id, first.id]);
    expect(all.body.data.map((e: { active: boolean }) => e.active)).toEqual([true, true, false]);
    expect(all.body.next_cursor).toBeNull();
    for (const endpoint of all.body.data) expect(endpoint).not.toHaveProperty("secret");

    const page1 = await api.get("/v1/webhook-endpoints", { key: ws.sk, query: { limit: 2 } });
    expect(page1.body.data.map((e: { id: string }) => e.id)).toEqual([third.id, second.id]);
    expect(typeof page1.body.next_cursor).toBe("string");
    const page2 = await api.get("/v1/webhook-endpoints", { key: ws.sk, query: { limit: 2, cursor: page1.body.next_cursor } });
    expect(page2.body.data.map((e: { id: string }) => e.id)).toEqual([first.id]);
    expect(page2.body.next_cursor).toBeNull();
    expectError(await api.get("/v1/webhook-endpoints", { key: ws.sk, query: { cursor: "garbage" } }), 422, "validation_failed", "cursor");
  });
});

describe("PATCH and DELETE /v1/webhook-endpoints/{id}", () => {
  it("changes only the fields given; the rest keep their value", async () => {
    const ws = await newWorkspace();
    const created = await registerEndpoint(ws, HTTPS_URL, ["booking.created"]);
    const patch = (body: unknown) => api.patch(`/v1/webhook-endpoints/${created.id}`, { key: ws.sk, body });

    const events = await patch({ events: ["booking.cancelled", "booking.rescheduled"] });
    expect(events.status).toBe(200);
    expect(events.body).toMatchObject({ url: HTTPS_URL, events: ["booking.cancelled", "booking.rescheduled"], active: true });
    expect(events.body).not.toHaveProperty("secret");

    const url = await patch({ url: "https://new.example.com/h" });
    expect(url.body).toMatchObject({ url: "https://new.example.com/h", events: ["booking.cancelled", "booking.rescheduled"], active: true });

    const off = await patch({ active: false });
    expect(off.body).toMatchObject({ url: "https://new.example.com/h", active: false });
    const on = await patch({ active: true });
    expect(on.body.active).toBe(true);

    const nothing = await patch({});
    expect(nothing.status).toBe(200);
    expect(nothing.body).toEqual(on.body);

    const [row] = await currentDb().db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.id));
    expect(unseal(row!.secretSealed)).toBe(created.secret);
  });

  it("refuses bad values with the field named", async () => {
    const ws = await newWorkspace();
    const created = await registerEndpoint(ws, HTTPS_URL);
    const patch = (body: unknown) => api.patch(`/v1/webhook-endpoints/${created.id}`, { key: ws.sk, body });
    expectError(await patch({ events: [] }), 422, "validation_failed", "events");
    expectError(await patch({ events: ["nope"] }), 422, "validation_failed", "events.0");
    expectError(await patch({ active: "yes" }), 422, "validation_failed", "active");
    expectError(await patch({ url: null }), 422, "validation_failed", "url");
    expectError(await patch({ url: "mailto:a@example.com" }), 422, "validation_failed", "url");
  });

  it("DELETE deactivates: 200 with the endpoint, active false, nothing erased", async () => {
    const ws = await newWorkspace();
    const created = await registerEndpoint(ws, HTTPS_URL);
    const booking = await insertBooking(ws);
    await emitBookingEvent(ws, "booking.created", booking.id);

    const deleted = await api.delete(`/v1/webhook-endpoints/${created.id}`, { key: ws.sk });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ id: created.id, url: HTTPS_URL, active: false });
    expect(deleted.body).not.toHaveProperty("secret");
    const again = await api.delete(`/v1/webhook-endpoints/${created.id}`, { key: ws.sk });
    expect(again.status).toBe(200);
    expect(again.body.active).toBe(false);

    expect((await api.get(`/v1/webhook-endpoints/${created.id}`, { key: ws.sk })).body.active).toBe(false);
    const history = await api.get(`/v1/webhook-endpoints/${created.id}/deliveries`, { key: ws.sk });
    expect(history.body.data).toHaveLength(1);
  });

  it("an unknown or malformed id is 404", async () => {
    const ws = await newWorkspace();
    for (const id of [MISSING_ID, "not-a-uuid"]) {
      expectError(await api.get(`/v1/webhook-endpoints/${id}`, { key: ws.sk }), 404, "not_found");
      expectError(await api.patch(`/v1/webhook-endpoints/${id}`, { key: ws.sk, body: { active: false } }), 404, "not_found");
      expectError(await api.delete(`/v1/webhook-endpoints/${id}`, { key: ws.sk }), 404, "not_found");
      expectError(await api.post(`/v1/webhook-endpoints/${id}/rotate-secret`, { key: ws.sk }), 404, "not_found");
      expectError(await api.get(`/v1/webhook-endpoints/${id}/deliveries`, { key: ws.sk }), 404, "not_found");
      expectError(await api.post(`/v1/webhook-endpoints/${id}/deliveries/${MISSING_ID}/retry`, { key: ws.sk }), 404, "not_found");
    }
  });

  it("answers 405 in the envelope for a method a path does not serve", async () => {
    const ws = await newWorkspace();
    const created = await registerEndpoint(ws, HTTPS_URL);
    expectError(await api.put(`/v1/webhook-endpoints/${created.id}`, { key: ws.sk, body: {} }), 405, "method_not_allowed");
    expectError(await api.get(`/v1/webhook-endpoints/${created.id}/rotate-secret`, { key: ws.sk }), 405, "method_not_allowed");
  });

  itEnforcesAuth("one webhook endpoint", async () => {
    const owner = await newWorkspace();
    const created = await registerEndpoint(owner, HTTPS_URL);
    const booking = await insertBooking(owner);
    await emitBookingEvent(owner, "booking.created", booking.id);
    const [delivery] = await currentDb().db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, created.id));
    const base = `/v1/webhook-endpoints/${created.id}`;
    return [
      { method: "GET", path: base, owner, scoped: true },
      { method: "PATCH", path: base, body: { active: false }, owner, scoped: true },
      { method: "DELETE", path: base, owner, scoped: true },
      { method: "POST", path: `${base}/rotate-secret`, owner, scoped: true },
      { method: "GET", path: `${base}/deliveries`, owner, scoped: true },
      { method: "POST", path: `${base}/deliveries/${delivery!.id}/retry`, owner, scoped: true },
    ];
  });
});

describe("POST /v1/webhook-endpoints/{id}/rotate-secret", () => {
  it("answers {id, secret} with a new secret, sealed in place of the old one", async () => {
    const ws = await newWorkspace();
    const created = await registerEndpoint(ws, HTTPS_URL);
    const rotated = await api.post(`/v1/webhook-endpoints/${created.id}/rotate-secret`, { key: ws.sk });
    expect(rotated.status).toBe(200);
    expect(rotated.body).toEqual({ id: created.id, secret: expect.stringMatching(/^whsec_[0-9A-Za-z]{40}$/) });
    expect(rotated.body.secret).not.toBe(created.secret);
    const [row] = await currentDb().db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, created.id));
    expect(unseal(row!.secretSealed)).toBe(rotated.body.secret);
  });
});

describe("GET /v1/webhook-endpoints/{id}/deliveries", () => {
  it("lists newest first, filters by status, pages with next_cursor absent on the last page", async () => {
    const ws = await newWorkspace();
    const endpoint = await registerEndpoint(ws, HTTPS_URL);
    const elsewhere = await registerEndpoint(ws, "https://elsewhere.example.com/h");
    const booking = await insertBooking(ws);
    const ids: string[] = [];
    for (const type of ["booking.created", "booking.rescheduled", "booking.cancelled"] as const) {
      await emitBookingEvent(ws, type, booking.id, type === "booking.rescheduled" ? new Date("2031-03-13T09:30:00Z") : undefined);
      const rows = await currentDb().db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
      ids.unshift(rows.find((row) => !ids.includes(row.id))!.id);
      await advanceClock(1_000);
    }
    await currentDb().db.update(webhookDeliveries).set({ status: "succeeded" }).where(eq(webhookDeliveries.id, ids[1]!));

    const all = await api.get(`/v1/webhook-endpoints/${endpoint.id}/deliveries`, { key: ws.sk });
    expect(all.status).toBe(200);
    expect(all.body.data.map((d: { id: string }) => d.id)).toEqual(ids);
    expect(all.body.data.map((d: { event_type: string }) => d.event_type)).toEqual(["booking.cancelled", "booking.rescheduled", "booking.created"]);
    expect(all.body).not.toHaveProperty("next_cursor");
    expect(all.body.data[0]).toEqual({
      id: ids[0],
      event_type: "booking.cancelled",
      status: "pending",
      attempts: 0,
      response_status: null,
      last_error: null,
      next_retry_at: expect.stringMatching(/Z$/),
      created_at: expect.stringMatching(/Z$/),
      completed_at: null,
      payload: expect.objectContaining({ id: ids[0], type: "booking.cancelled" }),
    });

    const page1 = await api.get(`/v1/webhook-endpoints/${endpoint.id}/deliveries`, { key: ws.sk, query: { limit: 2 } });
    expect(page1.body.data.map((d: { id: string }) => d.id)).toEqual(ids.slice(0, 2));
    expect(typeof page1.body.next_cursor).toBe("string");
    const page2 = await api.get(`/v1/webhook-endpoints/${endpoint.id}/deliveries`, { key: ws.sk, query: { limit: 2, cursor: page1.body.next_cursor } });
    expect(page2.body.data.map((d: { id: string }) => d.id)).toEqual(ids.slice(2));
    expect(page2.body).not.toHaveProperty("next_cursor");

    const pending = await api.get(`/v1/webhook-endpoints/${endpoint.id}/deliveries`, { key: ws.sk, query: { status: "pending" } });
    expect(pending.body.data.map((d: { id: string }) => d.id)).toEqual([ids[0], ids[2]]);
    const succeeded = await api.get(`/v1/webhook-endpoints/${endpoint.id}/deliveries`, { key: ws.sk, query: { status: "succeeded" } });
    expect(succeeded.body.data.map((d: { id: string }) => d.id)).toEqual([ids[1]]);
    const failed = await api.get(`/v1/webhook-endpoints/${endpoint.id}/deliveries`, { key: ws.sk, query: { status: "failed" } });
    expect(failed.body).toEqual({ data: [] });

    const other = await api.get(`/v1/webhook-endpoints/${elsewhere.id}/deliveries`, { key: ws.sk });
    expect(other.body.data.map((d: { id: string }) => d.id)).not.toContain(ids[0]);
    expect(other.body.data).toHaveLength(3);
  });

  it("refuses a bad status or cursor with the param named; a bad limit falls back to 50", async () => {
    const ws = await newWorkspace();
    const endpoint = await registerEndpoint(ws, HTTPS_URL);
    const path = `/v1/webhook-endpoints/${endpoint.id}/deliveries`;
    expectError(await api.get(path, { key: ws.sk, query: { status: "delivered" } }), 422, "validation_failed", "status");
    expectError(await api.get(path, { key: ws.sk, query: { cursor: "bm9wZQ" } }), 422, "validation_failed", "cursor");
    expect((await api.get(path, { key: ws.sk, query: { limit: "abc" } })).status).toBe(200);
    expect((await api.get(path, { key: ws.sk, query: { limit: 100000 } })).status).toBe(200);
  });
});
