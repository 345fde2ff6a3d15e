import { afterEach, describe, expect, it, vi } from "vitest";
import { setConfigForTesting } from "@/lib/config";
import { inngest } from "@/lib/jobs/inngest-client";
import { api } from "../helpers/api";
import { bookConfirmed, deliveriesOf, localAt } from "../helpers/bookings";
import { newWorkspace } from "../helpers/fixtures";
import { addService } from "../helpers/factories";

/**
 * With Inngest configured, every booking change hands its new webhook deliveries to Inngest
 * right after the commit, one event per delivery whose event id is the delivery id.
 */
afterEach(() => {
  vi.restoreAllMocks();
  setConfigForTesting(undefined);
});

type SentEvent = { name: string; id?: string; data: { deliveryId?: string } };

function deliveryEventsSent(calls: unknown[][]): SentEvent[] {
  return calls
    .flatMap(([payload]) => (Array.isArray(payload) ? payload : [payload]) as SentEvent[])
    .filter((event) => event.name === "webhook/delivery.requested");
}

describe("booking changes announce their deliveries to Inngest after commit", () => {
  it("create, reschedule and cancel each send one event per new delivery, keyed by the delivery id", async () => {
    const ws = await newWorkspace();
    const service = await addService(ws, { durationMinutes: 30 });
    await api.post("/v1/webhook-endpoints", {
      key: ws.sk,
      body: { url: "https://hooks.example.com/in", events: ["booking.created", "booking.cancelled", "booking.rescheduled"] },
    });
    setConfigForTesting({ inngest: { enabled: true } });
    const send = vi.spyOn(inngest, "send").mockResolvedValue({ ids: [] } as never);

    const booking = await bookConfirmed(ws, { service_id: service.id, starts_at: localAt(ws, 2, "10:00") });
    expect((await api.post(`/v1/bookings/${booking.id}/reschedule`, { key: ws.sk, body: { starts_at: localAt(ws, 2, "11:00") } })).status).toBe(200);
    expect((await api.post(`/v1/bookings/${booking.id}/cancel`, { key: ws.sk, body: {} })).status).toBe(200);

    const deliveries = await deliveriesOf(ws);
    expect(deliveries.map((delivery) => delivery.type)).toEqual(["booking.created", "booking.rescheduled", "booking.cancelled"]);
    const events = deliveryEventsSent(send.mock.calls);
    // A delivery still pending is announced again by the next change: Inngest drops the repeat by event id.
    expect([...new Set(events.map((event) => event.id))].sort()).toEqual(deliveries.map((delivery) => delivery.payload.id).sort());
    expect(events.every((event) => event.id === event.data.deliveryId)).toBe(true);
  });
});
