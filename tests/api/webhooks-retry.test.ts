import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { webhookDeliveries } from "@/lib/db/schema";
import { RETRY_WAITS_MS } from "@/lib/webhooks/attempt-delivery";
import { api } from "../helpers/api";
import { newWorkspace } from "../helpers/fixtures";
import { currentDb } from "../helpers/test-db";
import {
  advanceClock,
  deliveryRows,
  emitBookingEvent,
  endpointRow,
  insertBooking,
  listDeliveriesApi,
  registerEndpoint,
  runJobs,
  useWebhookReceivers,
} from "../helpers/webhooks";

const receiver = useWebhookReceivers();

describe("POST /v1/webhook-endpoints/{id}/deliveries/{deliveryId}/retry", () => {
  it("sends the delivery again now with the same id, and answers the delivery attempt", async () => {
    const ws = await newWorkspace();
    const hook = await receiver();
    hook.reply({ status: 500 });
    const endpoint = await registerEndpoint(ws, hook.url);
    hook.trust(endpoint.secret);
    await emitBookingEvent(ws, "booking.created", (await insertBooking(ws)).id);
    await runJobs();
    for (const wait of RETRY_WAITS_MS) {
      await advanceClock(wait);
      await runJobs();
    }
    const [failed] = await listDeliveriesApi(ws.sk, endpoint.id);
    expect(failed).toMatchObject({ status: "failed", attempts: 5 });

    hook.reply({ status: 200 });
    const retried = await api.post(`/v1/webhook-endpoints/${endpoint.id}/deliveries/${failed.id}/retry`, { key: ws.sk });
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ id: failed.id, status: "succeeded", attempts: 6, response_status: 200, last_error: null, next_retry_at: null });
    expect(retried.body.payload).toEqual(failed.payload);
    expect(hook.deliveriesOf(failed.id)).toHaveLength(6);
    expect(hook.received.at(-1)!.verifiedWith).toBe(endpoint.secret);
    expect(hook.received.at(-1)!.json.id).toBe(failed.id);
    expect(await endpointRow(endpoint.id)).toMatchObject({ consecutiveFailures: 0 });
  }, 30_000);

  it("a failed manual attempt of a pending delivery keeps its schedule; of a finished one leaves it failed", async () => {
    const ws = await newWorkspace();
    const hook = await receiver();
    const endpoint = await registerEndpoint(ws, hook.url);
    await emitBookingEvent(ws, "booking.created", (await insertBooking(ws)).id);
    const [pending] = await deliveryRows(endpoint.id);

    hook.reply({ status: 500 });
    const first = await api.post(`/v1/webhook-endpoints/${endpoint.id}/deliveries/${pending!.id}/retry`, { key: ws.sk });
    expect(first.body).toMatchObject({ status: "pending", attempts: 1, response_status: 500 });
    expect(first.body.next_retry_at).toEqual(expect.stringMatching(/Z$/));

    hook.reply({ status: 200 });
    const second = await api.post(`/v1/webhook-endpoints/${endpoint.id}/deliveries/${pending!.id}/retry`, { key: ws.sk });
    expect(second.body).toMatchObject({ status: "succeeded", attempts: 2 });

    hook.reply({ status: 410 });
    const third = await api.post(`/v1/webhook-endpoints/${endpoint.id}/deliveries/${pending!.id}/retry`, { key: ws.sk });
    expect(third.body).toMatchObject({ status: "failed", attempts: 3, response_status: 410, next_retry_at: null });
    expect(await endpointRow(endpoint.id)).toMatchObject({ active: true, consecutiveFailures: 0 });
    expect(hook.deliveriesOf(pending!.id)).toHaveLength(3);
  });

  it("works for an inactive endpoint; 404 for a delivery of another endpoint or workspace", async () => {
    const ws = await newWorkspace();
    const hook = await receiver();
    const endpoint = await registerEndpoint(ws, hook.url);
    const second = await registerEndpoint(ws, `${hook.url}/second`);
    await emitBookingEvent(ws, "booking.created", (await insertBooking(ws)).id);
    const [delivery] = await deliveryRows(endpoint.id);
    await api.delete(`/v1/webhook-endpoints/${endpoint.id}`, { key: ws.sk });

    const retried = await api.post(`/v1/webhook-endpoints/${endpoint.id}/deliveries/${delivery!.id}/retry`, { key: ws.sk });
    expect(retried.status).toBe(200);
    expect(retried.body.status).toBe("succeeded");

    const wrongEndpoint = await api.post(`/v1/webhook-endpoints/${second.id}/deliveries/${delivery!.id}/retry`, { key: ws.sk });
    expect(wrongEndpoint.status).toBe(404);
    expect(wrongEndpoint.body.error.type).toBe("not_found");
    const malformed = await api.post(`/v1/webhook-endpoints/${endpoint.id}/deliveries/nope/retry`, { key: ws.sk });
    expect(malformed.status).toBe(404);
  });

  it("answers 503 transient_failure while another sender holds the delivery", async () => {
    const ws = await newWorkspace();
    const hook = await receiver();
    const endpoint = await registerEndpoint(ws, hook.url);
    await emitBookingEvent(ws, "booking.created", (await insertBooking(ws)).id);
    const [delivery] = await deliveryRows(endpoint.id);
    await currentDb()
      .db.update(webhookDeliveries)
      .set({ claimToken: "11111111-1111-4111-8111-111111111111", claimExpiresAt: new Date(Date.now() + 60_000) })
      .where(eq(webhookDeliveries.id, delivery!.id));
    const response = await api.post(`/v1/webhook-endpoints/${endpoint.id}/deliveries/${delivery!.id}/retry`, { key: ws.sk });
    expect(response.status).toBe(503);
    expect(response.body.error.type).toBe("transient_failure");
    expect(hook.received).toHaveLength(0);
  });
});
