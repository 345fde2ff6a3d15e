import { describe, expect, it } from "vitest";
import { api } from "../helpers/api";
import { book, bookConfirmed, clientIpOf, latestCodeFor, localAt, newCustomer } from "../helpers/bookings";
import { newWorkspace } from "../helpers/fixtures";
import { registerEndpoint, runJobs, useWebhookReceivers } from "../helpers/webhooks";
import { addService, updateWorkspace } from "../helpers/factories";

/** The booking routes end to end: each change reaches a real receiver as the spec's event. */
const startReceiver = useWebhookReceivers();

describe("booking events through the booking routes", () => {
  it("create, reschedule and cancel each arrive once, signed, with the spec's payload", async () => {
    const ws = await newWorkspace({ timezone: "Europe/Paris" });
    const hook = await startReceiver();
    const endpoint = await registerEndpoint(ws, hook.url);
    hook.trust(endpoint.secret);
    const service = await addService(ws, { name: "Colour" });
    const startsAt = localAt(ws, 3, "10:00");

    const created = await bookConfirmed(ws, {
      service_id: service.id,
      staff_id: ws.staffId,
      starts_at: startsAt,
      customer: newCustomer({ name: "Zoë", email: "zoe@example.com" }),
    });
    await runJobs();
    expect(hook.received.map((r) => r.headers["booking-event"])).toEqual(["booking.created"]);
    const createdPayload = hook.received[0]!.json;
    expect(createdPayload.data).toEqual({
      booking: {
        id: created.id,
        status: "confirmed",
        starts_at: startsAt,
        ends_at: localAt(ws, 3, "11:00"),
        service: { id: service.id, name: "Colour" },
        staff: { id: ws.staffId, name: "Alex" },
        customer: { id: created.customer_id, name: "Zoë", email: "zoe@example.com", phone: "" },
        created_via: "sk",
        rescheduled_from_id: null,
        answers: [],
      },
    });
    expect(hook.received[0]!.rawBody).not.toContain(created.access_token);

    const movedTo = localAt(ws, 4, "14:00");
    const moved = await api.post(`/v1/bookings/${created.id}/reschedule`, { key: ws.sk, body: { starts_at: movedTo } });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await runJobs();
    const rescheduled = hook.received[1]!;
    expect(rescheduled.headers["booking-event"]).toBe("booking.rescheduled");
    expect(rescheduled.json.data.previous_starts_at).toBe(startsAt);
    expect(rescheduled.json.data.booking).toMatchObject({ id: created.id, starts_at: movedTo, status: "confirmed" });

    const cancelled = await api.post(`/v1/bookings/${created.id}/cancel`, { key: ws.sk, body: { reason: "ill" } });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    await runJobs();
    const cancelledRequest = hook.received[2]!;
    expect(cancelledRequest.headers["booking-event"]).toBe("booking.cancelled");
    expect(cancelledRequest.json.data.booking).toMatchObject({ id: created.id, status: "cancelled", starts_at: movedTo });
    expect(cancelledRequest.json.data).not.toHaveProperty("previous_starts_at");

    expect(hook.received).toHaveLength(3);
    expect(new Set(hook.received.map((r) => r.headers["booking-delivery"])).size).toBe(3);
    for (const request of hook.received) {
      expect(request.verifiedWith).toBe(endpoint.secret);
      expect(request.json.id).toBe(request.headers["booking-delivery"]);
    }
  });

  it("a hold announces nothing until the code confirms it; then booking.created says created_via pk", async () => {
    const ws = await newWorkspace();
    await updateWorkspace(ws, { requireVerification: true });
    const hook = await startReceiver();
    const endpoint = await registerEndpoint(ws, hook.url);
    hook.trust(endpoint.secret);
    const service = await addService(ws);
    const customer = newCustomer();

    const held = await book(ws, { service_id: service.id, starts_at: localAt(ws, 2, "09:00"), customer }, { key: ws.pk });
    expect(held.status, JSON.stringify(held.body)).toBe(201);
    expect(held.body.status).toBe("pending");
    await runJobs();
    expect(hook.received).toHaveLength(0);

    const code = await latestCodeFor(customer.email);
    const verified = await api.post(`/v1/bookings/${held.body.id}/verify`, { key: ws.pk, body: { code }, headers: clientIpOf(ws) });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    await runJobs();
    expect(hook.received).toHaveLength(1);
    expect(hook.received[0]!.json).toMatchObject({ type: "booking.created", data: { booking: { id: held.body.id, status: "confirmed", created_via: "pk" } } });
    expect(hook.received[0]!.rawBody).not.toContain(code);
    expect(hook.received[0]!.verifiedWith).toBe(endpoint.secret);
  });
});
