import { describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { expectError, newWorkspace } from "../helpers/fixtures";
import { book, bookConfirmed, bookingRow, localAt, setNow } from "../helpers/bookings";
import { addService, updateWorkspace } from "../helpers/factories";

const ok = async (pending: Promise<{ status: number; body: any }>) => {
  const response = await pending;
  expect(response.status, JSON.stringify(response.body)).toBeLessThan(300);
  return response.body;
};

// A start that is taken is refused again and again; these show that a refusal ends the moment
// the start is free again, and that the body is checked before it on every refusal.
describe("a taken start", () => {
  it("still checks the body first, against the questions and service as they are now", async () => {
    const ws = await newWorkspace();
    const service = await addService(ws);
    const starts_at = localAt(ws, 3, "10:00");
    await bookConfirmed(ws, { service_id: service.id, starts_at });
    expectError(await book(ws, { service_id: service.id, starts_at }), 409, "slot_unavailable");
    expectError(await book(ws, { service_id: service.id, starts_at }), 409, "slot_unavailable");

    // A required question added since: a body without its answer is a 422 on every refusal.
    const question = await ok(api.post("/v1/questions", { key: ws.sk, body: { label: "Anything we should know?", type: "text", required: true } }));
    expectError(await book(ws, { service_id: service.id, starts_at }), 422, "validation_failed", "answers");
    expectError(await book(ws, { service_id: service.id, starts_at }), 422, "validation_failed", "answers");
    const answers = [{ question_id: question.id, value: "No" }];
    expectError(await book(ws, { service_id: service.id, starts_at, answers }), 409, "slot_unavailable");
    expectError(
      await book(ws, { service_id: service.id, starts_at, answers: [{ question_id: "00000000-0000-4000-8000-000000000000", value: "x" }] }),
      422,
      "validation_failed",
      "answers.0.question_id",
    );
    expectError(await book(ws, { service_id: service.id, starts_at, answers }), 409, "slot_unavailable");

    // The question no longer required: the same body without answers is refused for the start again.
    await ok(api.patch(`/v1/questions/${question.id}`, { key: ws.sk, body: { required: false } }));
    expectError(await book(ws, { service_id: service.id, starts_at }), 409, "slot_unavailable");
    expectError(await book(ws, { service_id: service.id, starts_at }), 409, "slot_unavailable");

    // A service that can no longer be booked names service_id.
    await ok(api.post(`/v1/services/${service.id}/deactivate`, { key: ws.sk }));
    expectError(await book(ws, { service_id: service.id, starts_at }), 422, "validation_failed", "service_id");
  });

  it("is refused again at once, and taken by the next create as soon as its booking is cancelled", async () => {
    const ws = await newWorkspace();
    const service = await addService(ws);
    const starts_at = localAt(ws, 3, "11:00");
    const first = await bookConfirmed(ws, { service_id: service.id, starts_at });
    expectError(await book(ws, { service_id: service.id, starts_at }), 409, "slot_unavailable");
    expectError(await book(ws, { service_id: service.id, starts_at }), 409, "slot_unavailable");

    const cancelled = await api.post(`/v1/bookings/${first.id}/cancel`, { key: ws.sk, body: { reason: "Moved" } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const second = await book(ws, { service_id: service.id, starts_at });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expectError(await book(ws, { service_id: service.id, starts_at }), 409, "slot_unavailable");
  });

  it("is free again the moment the hold that took it lapses", async () => {
    const ws = await newWorkspace();
    await updateWorkspace(ws, { requireVerification: true });
    const service = await addService(ws);
    const starts_at = localAt(ws, 3, "14:00");
    const hold = await book(ws, { service_id: service.id, starts_at });
    expect(hold.body.status).toBe("pending");
    expectError(await book(ws, { service_id: service.id, starts_at }), 409, "slot_unavailable");
    expectError(await book(ws, { service_id: service.id, starts_at }), 409, "slot_unavailable");

    const expiresAt = (await bookingRow(hold.body.id)).holdExpiresAt;
    expect(expiresAt).toBeInstanceOf(Date);
    await setNow(new Date((expiresAt?.getTime() ?? 0) + 1));
    const after = await book(ws, { service_id: service.id, starts_at });
    expect(after.status, JSON.stringify(after.body)).toBe(201);
  });
});
