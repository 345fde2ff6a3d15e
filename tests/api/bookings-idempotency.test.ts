import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { idempotencyKeys } from "@/lib/db/schema";
import { api } from "../helpers/api";
import { expectError, newWorkspace, type TestWorkspace } from "../helpers/fixtures";
import { bookingsOf, clientIpOf, deliveriesOf, localAt, messagesTo, newCustomer, setNow } from "../helpers/bookings";
import { addService, addWebhookEndpoint } from "../helpers/factories";
import { currentDb } from "../helpers/test-db";

const db = () => currentDb().db;

const create = (ws: TestWorkspace, key: string, body: unknown, apiKey = ws.sk) =>
  api.post("/v1/bookings", { key: apiKey, body, headers: { "Idempotency-Key": key, ...clientIpOf(ws) } });

describe("POST /v1/bookings with Idempotency-Key", () => {
  it("replays the stored response (status, body, Idempotent-Replayed: true) and makes no second booking", async () => {
    const ws = await newWorkspace();
    const service = await addService(ws);
    const body = { service_id: service.id, starts_at: localAt(ws, 2, "10:00"), customer: newCustomer() };
    const first = await create(ws, "order-1", body, ws.pk);
    const replay = await create(ws, "order-1", body, ws.pk);

    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    expect(replay.status).toBe(201);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body).toEqual(first.body);
    expect(replay.body.access_token).toBe(first.body.access_token);
    expect(await bookingsOf(ws)).toHaveLength(1);
  });

  it("refuses the same key with another body (422 idempotency_mismatch), and never replays it", async () => {
    const ws = await newWorkspace();
    const service = await addService(ws);
    const body = { service_id: service.id, starts_at: localAt(ws, 2, "10:00"), customer: newCustomer() };
    expect((await create(ws, "order-2", body)).status).toBe(201);
    const other = await create(ws, "order-2", { ...body, starts_at: localAt(ws, 2, "12:00") });
    expectError(other, 422, "idempotency_mismatch");
    expect(other.headers.get("idempotent-replayed")).toBeNull();
    expect(await bookingsOf(ws)).toHaveLength(1);
  });

  it("stores only 2xx: after a 409 the same key and body run again", async () => {
    const ws = await newWorkspace();
    const service = await addService(ws);
    const starts_at = localAt(ws, 2, "10:00");
    const blocker = await create(ws, "blocker", { service_id: service.id, starts_at, customer: newCustomer() });
    const body = { service_id: service.id, starts_at, customer: newCustomer() };
    expectError(await create(ws, "order-3", body), 409, "slot_unavailable");
    await api.post(`/v1/bookings/${blocker.body.id}/cancel`, { key: ws.sk });
    const retried = await create(ws, "order-3", body);
    expect(retried.status).toBe(201);
    expect(retried.headers.get("idempotent-replayed")).toBeNull();
  });

  it("makes one booking from simultaneous identical requests; every other one waits for it and replays it", async () => {
    const ws = await newWorkspace();
    const service = await addService(ws);
    const body = { service_id: service.id, starts_at: localAt(ws, 2, "10:00"), customer: newCustomer() };
    const responses = await Promise.all(Array.from({ length: 6 }, () => create(ws, "order-4", body)));

    const fresh = responses.filter((r) => r.status === 201 && r.headers.get("idempotent-replayed") === null);
    expect(fresh).toHaveLength(1);
    for (const response of responses) {
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      if (response === fresh[0]) continue;
      expect(response.headers.get("idempotent-replayed")).toBe("true");
      expect(response.body.id).toBe(fresh[0]!.body.id);
      expect(response.body.access_token).toBe(fresh[0]!.body.access_token);
    }
    expect(await bookingsOf(ws)).toHaveLength(1);
  });

  it("after a death between the commit and the stored answer, a repeat answers from the booking made, never a second one", async () => {
    const ws = await newWorkspace();
    const service = await addService(ws);
    const body = { service_id: service.id, starts_at: localAt(ws, 2, "10:00"), customer: newCustomer() };
    const first = await create(ws, "order-crash", body);
    expect(first.status).toBe(201);
    // What a process killed right after the booking's commit leaves: the key recorded with its
    // booking (same transaction), no answer stored yet.
    const [row] = await db()
      .update(idempotencyKeys)
      .set({ responseStatus: null, responseBody: null })
      .where(and(eq(idempotencyKeys.workspaceId, ws.id), eq(idempotencyKeys.key, "order-crash")))
      .returning();
    expect(row!.resourceId).toBe(first.body.id);

    const again = await create(ws, "order-crash", body);
    expect(again.status, JSON.stringify(again.body)).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    const replay = await create(ws, "order-crash", body);
    expect(replay.body).toEqual(first.body);
    expect(await bookingsOf(ws)).toHaveLength(1);
    expectError(await create(ws, "order-crash", { ...body, starts_at: localAt(ws, 2, "12:00") }), 422, "idempotency_mismatch");
  });

  it("records the key in the work's own transaction: a refused create leaves no key behind, and the same key runs again", async () => {
    const ws = await newWorkspace();
    const service = await addService(ws);
    const body = { service_id: service.id, starts_at: localAt(ws, 2, "10:00"), customer: newCustomer() };
    const taken = await create(ws, "first", body);
    expectError(await create(ws, "second", { ...body, customer: newCustomer() }), 409, "slot_unavailable");
    const keys = await db().select().from(idempotencyKeys).where(eq(idempotencyKeys.workspaceId, ws.id));
    expect(keys.map((key) => [key.key, key.resourceId])).toEqual([["first", taken.body.id]]);
  });

  it("keeps keys per workspace for 24 hours", async () => {
    const ws = await newWorkspace();
    const other = await newWorkspace();
    const service = await addService(ws);
    const otherService = await addService(other);
    const body = { service_id: service.id, starts_at: localAt(ws, 2, "10:00"), customer: newCustomer() };
    expect((await create(ws, "shared-key", body)).status).toBe(201);
    const elsewhere = await create(other, "shared-key", { ...body, service_id: otherService.id });
    expect([elsewhere.status, elsewhere.headers.get("idempotent-replayed")]).toEqual([201, null]);

    await setNow(new Date(Date.now() + 24 * 3_600_000 + 60_000));
    const later = await create(ws, "shared-key", { ...body, starts_at: localAt(ws, 2, "14:00") });
    expect([later.status, later.headers.get("idempotent-replayed")]).toEqual([201, null]);
    expect(await bookingsOf(ws)).toHaveLength(2);
  });

  it("refuses an empty or over-long key", async () => {
    const ws = await newWorkspace();
    const service = await addService(ws);
    const body = { service_id: service.id, starts_at: localAt(ws, 2, "10:00"), customer: newCustomer() };
    expectError(await create(ws, "", body), 422, "validation_failed", "Idempotency-Key");
    expectError(await create(ws, "k".repeat(256), body), 422, "validation_failed", "Idempotency-Key");
    expect(await bookingsOf(ws)).toHaveLength(0);
  });
});

describe("booking actions with Idempotency-Key", () => {
  const action = (ws: TestWorkspace, path: string, key: string, body?: unknown) => api.post(path, { key: ws.sk, body, headers: { "Idempotency-Key": key } });

  it("a repeated cancel replays its 200 (not 409 booking_not_cancellable), also after its answer was lost, and tells the customer once", async () => {
    const ws = await newWorkspace();
    const service = await addService(ws);
    await addWebhookEndpoint(ws);
    const customer = newCustomer();
    const made = await create(ws, "make", { service_id: service.id, starts_at: localAt(ws, 2, "10:00"), customer });
    const path = `/v1/bookings/${made.body.id}/cancel`;
    const first = await action(ws, path, "cancel-1", { reason: "ill" });
    expect(first.status).toBe(200);
    const replay = await action(ws, path, "cancel-1", { reason: "ill" });
    expect([replay.status, replay.headers.get("idempotent-replayed")]).toEqual([200, "true"]);
    expect(replay.body).toEqual(first.body);

    await db().update(idempotencyKeys).set({ responseStatus: null, responseBody: null }).where(eq(idempotencyKeys.key, "cancel-1"));
    const resumed = await action(ws, path, "cancel-1", { reason: "ill" });
    expect([resumed.status, resumed.headers.get("idempotent-replayed"), resumed.body.status]).toEqual([200, "true", "cancelled"]);
    expectError(await action(ws, path, "cancel-2", { reason: "ill" }), 409, "booking_not_cancellable");
    expect((await deliveriesOf(ws)).map((delivery) => delivery.type)).toEqual(["booking.created", "booking.cancelled"]);
    expect((await messagesTo(customer.email)).length).toBe(2);
  });

  it("a repeated reschedule moves the booking once and sends booking.rescheduled once", async () => {
    const ws = await newWorkspace();
    const service = await addService(ws);
    await addWebhookEndpoint(ws);
    const made = await create(ws, "make", { service_id: service.id, starts_at: localAt(ws, 2, "10:00"), customer: newCustomer() });
    const path = `/v1/bookings/${made.body.id}/reschedule`;
    const body = { starts_at: localAt(ws, 2, "12:00") };
    const answers = [await action(ws, path, "move-1", body), await action(ws, path, "move-1", body)];
    expect(answers.map((answer) => [answer.status, answer.headers.get("idempotent-replayed")])).toEqual([
      [200, null],
      [200, "true"],
    ]);
    expect((await deliveriesOf(ws)).map((delivery) => delivery.type)).toEqual(["booking.created", "booking.rescheduled"]);
  });
});
