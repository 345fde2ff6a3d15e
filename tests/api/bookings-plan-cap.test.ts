import { describe, expect, it, vi } from "vitest";
import { api } from "../helpers/api";
import { expectError, newWorkspace } from "../helpers/fixtures";
import { book, bookingRow, clientIpOf, latestCodeFor, localAt, newCustomer } from "../helpers/bookings";
import { addService, updateWorkspace } from "../helpers/factories";

/**
 * No plan caps bookings today (docs/decisions.md#plans), so the 402 paths of confirmation can only be
 * reached with a cap: this file gives every plan one confirmed booking per billing period.
 */
vi.mock("@/lib/plans/catalog", async (importOriginal) => {
  const original = await importOriginal<typeof import("@/lib/plans/catalog")>();
  return { ...original, planCaps: (plan: string, step: number) => ({ ...original.planCaps(plan, step), maxConfirmedBookingsPerPeriod: 1 }) };
});

describe("402 when confirmation would exceed a plan's booking allowance", () => {
  it("counts each seat of a class as a booking (docs/group-sessions.md): the second seat of one session is refused", async () => {
    const ws = await newWorkspace();
    const yoga = await addService(ws, { name: "Yoga", capacity: 10 });
    const starts_at = localAt(ws, 2, "09:00");
    expect((await book(ws, { service_id: yoga.id, starts_at })).status).toBe(201);
    expectError(await book(ws, { service_id: yoga.id, starts_at }), 402, "plan_limit_exceeded");
  });

  it("refuses an immediately confirmed create: the secret key learns the dimension, the publishable key nothing more", async () => {
    const ws = await newWorkspace();
    const service = await addService(ws);
    expect((await book(ws, { service_id: service.id, starts_at: localAt(ws, 2, "09:00") })).status).toBe(201);
    const bySecret = await book(ws, { service_id: service.id, starts_at: localAt(ws, 2, "11:00") });
    expectError(bySecret, 402, "plan_limit_exceeded");
    expect(bySecret.body.error).toEqual({ type: "plan_limit_exceeded", message: expect.any(String), dimension: "bookings" });
    const byPublishable = await book(ws, { service_id: service.id, starts_at: localAt(ws, 2, "11:00") }, { key: ws.pk });
    expect(Object.keys(byPublishable.body.error).sort()).toEqual(["message", "type"]);
    expect(byPublishable.status).toBe(402);
  });

  it("still places holds, then refuses verify and confirm once the allowance is used, leaving them pending", async () => {
    const ws = await newWorkspace();
    await updateWorkspace(ws, { requireVerification: true });
    const service = await addService(ws);
    const first = await book(ws, { service_id: service.id, starts_at: localAt(ws, 2, "09:00") });
    const customer = newCustomer();
    const second = await book(ws, { service_id: service.id, starts_at: localAt(ws, 2, "11:00"), customer });
    const third = await book(ws, { service_id: service.id, starts_at: localAt(ws, 2, "13:00") });
    expect([first.body.status, second.body.status, third.body.status]).toEqual(["pending", "pending", "pending"]);

    expect((await api.post(`/v1/bookings/${first.body.id}/confirm`, { key: ws.sk })).status).toBe(200);
    const code = await latestCodeFor(customer.email);
    const verify = await api.post(`/v1/bookings/${second.body.id}/verify`, { key: ws.pk, body: { code }, headers: clientIpOf(ws) });
    expectError(verify, 402, "plan_limit_exceeded");
    expect(verify.body.error).not.toHaveProperty("dimension");
    const confirm = await api.post(`/v1/bookings/${third.body.id}/confirm`, { key: ws.sk });
    expectError(confirm, 402, "plan_limit_exceeded");
    expect(confirm.body.error.dimension).toBe("bookings");
    expect(confirm.body.error).not.toHaveProperty("used");
    expect([(await bookingRow(second.body.id)).status, (await bookingRow(third.body.id)).status]).toEqual(["pending", "pending"]);
    expect((await bookingRow(second.body.id)).codeAttempts).toBe(0);
  });
});
