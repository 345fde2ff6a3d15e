import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { setConfigForTesting } from "@/lib/config";
import { webhookEndpoints } from "@/lib/db/schema";
import { RETRY_WAITS_MS } from "@/lib/webhooks/attempt-delivery";
import { api } from "../helpers/api";
import { newWorkspace } from "../helpers/fixtures";
import { currentDb } from "../helpers/test-db";
import type { WebhookReceiver } from "../helpers/webhook-receiver";
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

describe("webhook delivery", () => {
  it("POSTs the spec's payload with a signature an independent verifier accepts", async () => {
    const ws = await newWorkspace({ timezone: "Europe/Paris" });
    const hook = await receiver();
    const endpoint = await registerEndpoint(ws, hook.url);
    hook.trust(endpoint.secret);
    const booking = await insertBooking(ws, { startsAt: new Date("2031-03-14T09:30:00Z"), phone: "+33612345678", createdVia: "pk" });
    await emitBookingEvent(ws, "booking.created", booking.id);

    expect((await runJobs()).webhook_deliveries).toBe(1);
    expect(hook.received).toHaveLength(1);
    const [request] = hook.received;
    const [row] = await deliveryRows(endpoint.id);
    expect(request!.verifiedWith).toBe(endpoint.secret);
    expect(request!.headers["booking-event"]).toBe("booking.created");
    expect(request!.headers["booking-delivery"]).toBe(row!.id);
    expect(request!.headers["content-type"]).toBe("application/json");
    expect(request!.headers["booking-signature"]).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(request!.path).toBe("/hooks");
    expect(request!.json).toEqual({
      id: row!.id,
      type: "booking.created",
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{3})?Z$/),
      data: {
        booking: {
          id: booking.id,
          status: "confirmed",
          starts_at: "2031-03-14T10:30:00+01:00",
          ends_at: "2031-03-14T11:15:00+01:00",
          service: { id: booking.serviceId, name: booking.serviceName },
          staff: { id: ws.staffId, name: "Alex" },
          customer: { id: booking.customer.id, name: booking.customer.name, email: booking.customer.email, phone: "+33612345678" },
          created_via: "pk",
          rescheduled_from_id: null,
          answers: [],
        },
      },
    });
    expect(request!.json.data).not.toHaveProperty("previous_starts_at");

    const [delivery] = await listDeliveriesApi(ws.sk, endpoint.id);
    expect(delivery).toMatchObject({ id: row!.id, status: "succeeded", attempts: 1, response_status: 200, last_error: null, next_retry_at: null });
    expect(delivery.completed_at).toEqual(expect.stringMatching(/Z$/));
    expect(delivery.payload).toEqual(request!.json);
    const health = await endpointRow(endpoint.id);
    expect(health.consecutiveFailures).toBe(0);
    expect(health.lastSuccessAt).not.toBeNull();

    expect((await runJobs()).webhook_deliveries).toBe(0);
    expect(hook.received).toHaveLength(1);
  });

  it('booking.rescheduled carries previous_starts_at in the workspace offset; phone is "" when none; no secret, token or code anywhere', async () => {
    const ws = await newWorkspace({ timezone: "America/New_York" });
    const hook = await receiver();
    const endpoint = await registerEndpoint(ws, hook.url, ["booking.rescheduled"]);
    hook.trust(endpoint.secret);
    const original = await insertBooking(ws, { startsAt: new Date("2031-07-01T13:00:00Z") });
    const booking = await insertBooking(ws, { startsAt: new Date("2031-07-02T14:00:00Z"), rescheduledFromId: original.id });
    await emitBookingEvent(ws, "booking.rescheduled", booking.id, new Date("2031-07-01T13:00:00Z"));
    await emitBookingEvent(ws, "booking.created", booking.id);

    await runJobs();
    expect(hook.received).toHaveLength(1);
    const [request] = hook.received;
    expect(request!.verifiedWith).toBe(endpoint.secret);
    expect(request!.headers["booking-event"]).toBe("booking.rescheduled");
    expect(request!.json.type).toBe("booking.rescheduled");
    expect(request!.json.data.previous_starts_at).toBe("2031-07-01T09:00:00-04:00");
    expect(request!.json.data.booking).toMatchObject({
      starts_at: "2031-07-02T10:00:00-04:00",
      rescheduled_from_id: original.id,
      created_via: "sk",
      customer: { phone: "" },
    });
    const [row] = await currentDb().db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    for (const forbidden of [
      endpoint.secret,
      row!.secretSealed,
      booking.accessToken,
      booking.accessTokenHash!,
      booking.accessTokenSealed!,
      booking.codeHash!,
      "123456",
      "whsec_",
    ]) {
      expect(request!.rawBody).not.toContain(forbidden);
    }
  });

  it("reaches only active endpoints of the workspace subscribed to the event", async () => {
    const ws = await newWorkspace();
    const other = await newWorkspace();
    const hook = await receiver();
    const subscribed = await registerEndpoint(ws, `${hook.url}/subscribed`, ["booking.cancelled"]);
    const notSubscribed = await registerEndpoint(ws, `${hook.url}/not-subscribed`, ["booking.created"]);
    const inactive = await registerEndpoint(ws, `${hook.url}/inactive`, ["booking.cancelled"]);
    await api.delete(`/v1/webhook-endpoints/${inactive.id}`, { key: ws.sk });
    const foreign = await registerEndpoint(other, `${hook.url}/foreign`, ["booking.cancelled"]);
    const booking = await insertBooking(ws, { status: "cancelled" });
    await emitBookingEvent(ws, "booking.cancelled", booking.id);

    await runJobs();
    expect(hook.received.map((r) => r.path)).toEqual(["/hooks/subscribed"]);
    expect(hook.received[0]!.json.data.booking.status).toBe("cancelled");
    expect(await deliveryRows(subscribed.id)).toHaveLength(1);
    for (const id of [notSubscribed.id, inactive.id, foreign.id]) expect(await deliveryRows(id)).toHaveLength(0);
  });

  it("a 5xx fails the attempt and schedules the next one a minute later", async () => {
    const ws = await newWorkspace();
    const hook = await receiver();
    hook.reply({ status: 503 });
    const endpoint = await registerEndpoint(ws, hook.url);
    const booking = await insertBooking(ws);
    await emitBookingEvent(ws, "booking.created", booking.id);
    await runJobs();

    const [delivery] = await listDeliveriesApi(ws.sk, endpoint.id);
    expect(delivery).toMatchObject({ status: "pending", attempts: 1, response_status: 503, last_error: "HTTP 503", completed_at: null });
    const [row] = await deliveryRows(endpoint.id);
    const attemptedAt = (await endpointRow(endpoint.id)).lastFailureAt!;
    expect(row!.nextRetryAt!.getTime() - attemptedAt.getTime()).toBe(RETRY_WAITS_MS[0]);
  });

  it("a 3xx is a failure and the redirect is never followed", async () => {
    const ws = await newWorkspace();
    const hook = await receiver();
    hook.reply({ status: 302, location: `${hook.url}/elsewhere` });
    const endpoint = await registerEndpoint(ws, hook.url);
    const booking = await insertBooking(ws);
    await emitBookingEvent(ws, "booking.created", booking.id);
    await runJobs();

    expect(hook.received.map((r) => r.path)).toEqual(["/hooks"]);
    const [delivery] = await listDeliveriesApi(ws.sk, endpoint.id);
    expect(delivery).toMatchObject({ status: "pending", attempts: 1, response_status: 302 });
    expect(delivery.last_error).toContain("not followed");
  });

  it("any 2xx is a success", async () => {
    const ws = await newWorkspace();
    const hook = await receiver();
    hook.reply({ status: 204 });
    const endpoint = await registerEndpoint(ws, hook.url);
    const booking = await insertBooking(ws);
    await emitBookingEvent(ws, "booking.created", booking.id);
    await runJobs();
    expect((await listDeliveriesApi(ws.sk, endpoint.id))[0]).toMatchObject({ status: "succeeded", response_status: 204 });
  });

  it("an attempt is cut off at 10 seconds", async () => {
    const ws = await newWorkspace();
    const hook = await receiver();
    hook.reply({ status: 200, delayMs: 14_000 });
    const endpoint = await registerEndpoint(ws, hook.url);
    const booking = await insertBooking(ws);
    await emitBookingEvent(ws, "booking.created", booking.id);

    const started = performance.now();
    await runJobs();
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(9_900);
    expect(elapsed).toBeLessThan(13_000);
    const [delivery] = await listDeliveriesApi(ws.sk, endpoint.id);
    expect(delivery).toMatchObject({ status: "pending", attempts: 1, response_status: null, last_error: "Timed out after 10 seconds" });
    // The failure is known when the attempt ends, not when it starts (docs/decisions.md#every-request-answered-by-our-code): the
    // endpoint's last_failure_at lies 10 s after the signature's timestamp (the start).
    const signedAt = Number(/t=(\d+)/.exec(String(hook.received[0]!.headers["booking-signature"]))![1]) * 1000;
    const health = await api.get(`/v1/webhook-endpoints/${endpoint.id}`, { key: ws.sk });
    const failedAt = Date.parse(health.body.last_failure_at);
    expect(failedAt - signedAt).toBeGreaterThanOrEqual(9_000);
    expect(failedAt - signedAt).toBeLessThan(14_000);
    expect(Date.parse(delivery.next_retry_at) - failedAt).toBe(RETRY_WAITS_MS[0]);
  }, 30_000);

  it("a refused connection is a failure with the error recorded", async () => {
    const ws = await newWorkspace();
    const hook = await receiver();
    const endpoint = await registerEndpoint(ws, hook.url);
    await hook.close();
    const booking = await insertBooking(ws);
    await emitBookingEvent(ws, "booking.created", booking.id);
    await runJobs();
    const [delivery] = await listDeliveriesApi(ws.sk, endpoint.id);
    expect(delivery).toMatchObject({ status: "pending", attempts: 1, response_status: null });
    expect(delivery.last_error).toContain("ECONNREFUSED");
  });

  it("walks the whole retry schedule, deactivates after 3 exhausted deliveries, and comes back", async () => {
    const ws = await newWorkspace();
    const hook = await receiver();
    hook.reply({ status: 500 });
    const endpoint = await registerEndpoint(ws, hook.url);
    hook.trust(endpoint.secret);
    const bookings = [await insertBooking(ws), await insertBooking(ws), await insertBooking(ws)];
    for (const booking of bookings) await emitBookingEvent(ws, "booking.created", booking.id);

    expect((await runJobs()).webhook_deliveries).toBe(3);
    for (const [index, wait] of RETRY_WAITS_MS.entries()) {
      await advanceClock(wait - 1_000);
      expect((await runJobs()).webhook_deliveries, `nothing is due before wait ${index + 1} ends`).toBe(0);
      await advanceClock(1_000);
      expect((await runJobs()).webhook_deliveries, `attempt ${index + 2}`).toBe(3);
      const health = await endpointRow(endpoint.id);
      if (index < RETRY_WAITS_MS.length - 1) expect(health).toMatchObject({ active: true, consecutiveFailures: 0 });
    }
    expect(hook.received).toHaveLength(15);
    expect(hook.received.every((r) => r.verifiedWith === endpoint.secret)).toBe(true);
    for (const row of await deliveryRows(endpoint.id)) expect(hook.deliveriesOf(row.id)).toHaveLength(5);

    const exhausted = await listDeliveriesApi(ws.sk, endpoint.id);
    for (const delivery of exhausted) {
      expect(delivery).toMatchObject({ status: "failed", attempts: 5, response_status: 500, last_error: "HTTP 500", next_retry_at: null });
      expect(delivery.completed_at).toEqual(expect.stringMatching(/Z$/));
    }
    const off = await api.get(`/v1/webhook-endpoints/${endpoint.id}`, { key: ws.sk });
    expect(off.body).toMatchObject({ active: false, consecutive_failures: 3, last_success_at: null });
    expect(off.body.last_failure_at).toEqual(expect.stringMatching(/Z$/));

    await advanceClock(24 * 3_600_000);
    expect((await runJobs()).webhook_deliveries).toBe(0);
    const whileOff = await insertBooking(ws);
    await emitBookingEvent(ws, "booking.created", whileOff.id);
    expect(await deliveryRows(endpoint.id)).toHaveLength(3);

    hook.reply({ status: 200 });
    const on = await api.patch(`/v1/webhook-endpoints/${endpoint.id}`, { key: ws.sk, body: { active: true } });
    expect(on.body).toMatchObject({ active: true, consecutive_failures: 3 });
    const afterwards = await insertBooking(ws);
    await emitBookingEvent(ws, "booking.created", afterwards.id);
    expect((await runJobs()).webhook_deliveries).toBe(1);
    expect(hook.received.at(-1)!.json.data.booking.id).toBe(afterwards.id);
    const back = await api.get(`/v1/webhook-endpoints/${endpoint.id}`, { key: ws.sk });
    expect(back.body).toMatchObject({ active: true, consecutive_failures: 0 });
    expect(back.body.last_success_at).toEqual(expect.stringMatching(/Z$/));
  }, 60_000);

  it("a success between exhausted deliveries resets the count", async () => {
    const ws = await newWorkspace();
    const hook = await receiver();
    const endpoint = await registerEndpoint(ws, hook.url);
    const exhaust = async (count: number) => {
      hook.reply({ status: 500 });
      for (let i = 0; i < count; i++) await emitBookingEvent(ws, "booking.created", (await insertBooking(ws)).id);
      await runJobs();
      for (const wait of RETRY_WAITS_MS) {
        await advanceClock(wait);
        await runJobs();
      }
    };
    await exhaust(2);
    expect(await endpointRow(endpoint.id)).toMatchObject({ active: true, consecutiveFailures: 2 });
    hook.reply({ status: 200 });
    await emitBookingEvent(ws, "booking.created", (await insertBooking(ws)).id);
    await runJobs();
    expect(await endpointRow(endpoint.id)).toMatchObject({ active: true, consecutiveFailures: 0 });
    await exhaust(2);
    expect(await endpointRow(endpoint.id)).toMatchObject({ active: true, consecutiveFailures: 2 });
    await exhaust(1);
    expect(await endpointRow(endpoint.id)).toMatchObject({ active: false, consecutiveFailures: 3 });
  }, 60_000);

  it("pending deliveries wait while the endpoint is off and resume when it is turned back on", async () => {
    const ws = await newWorkspace();
    const hook = await receiver();
    const endpoint = await registerEndpoint(ws, hook.url);
    const booking = await insertBooking(ws);
    await emitBookingEvent(ws, "booking.created", booking.id);
    await api.patch(`/v1/webhook-endpoints/${endpoint.id}`, { key: ws.sk, body: { active: false } });
    expect((await runJobs()).webhook_deliveries).toBe(0);
    expect(hook.received).toHaveLength(0);
    await api.patch(`/v1/webhook-endpoints/${endpoint.id}`, { key: ws.sk, body: { active: true } });
    expect((await runJobs()).webhook_deliveries).toBe(1);
    expect(hook.received).toHaveLength(1);
  });

  it("after rotate-secret the very next attempt is signed with the new secret only", async () => {
    const ws = await newWorkspace();
    const hook = await receiver();
    hook.reply({ status: 500 });
    const endpoint = await registerEndpoint(ws, hook.url);
    hook.trust(endpoint.secret);
    await emitBookingEvent(ws, "booking.created", (await insertBooking(ws)).id);
    await runJobs();
    expect(hook.received[0]!.verifiedWith).toBe(endpoint.secret);

    const rotated = await api.post(`/v1/webhook-endpoints/${endpoint.id}/rotate-secret`, { key: ws.sk });
    await advanceClock(RETRY_WAITS_MS[0]);
    await runJobs();
    expect(hook.received).toHaveLength(2);
    expect(hook.received[1]!.verifiedWith, "the old secret no longer verifies").toBeNull();
    expect(hook.received[1]!.headers["booking-delivery"]).toBe(hook.received[0]!.headers["booking-delivery"]);
    const { verifiedWith } = await reverify(hook, 1, [endpoint.secret, rotated.body.secret]);
    expect(verifiedWith).toBe(rotated.body.secret);
  });

  it("refuses to send to a URL that is no longer allowed once dev tools are off", async () => {
    const ws = await newWorkspace();
    const hook = await receiver();
    const endpoint = await registerEndpoint(ws, hook.url);
    await emitBookingEvent(ws, "booking.created", (await insertBooking(ws)).id);
    setConfigForTesting({ devTools: false });
    const { runDueWorkNow } = await import("../helpers/webhooks");
    await runDueWorkNow();
    expect(hook.received).toHaveLength(0);
    const [row] = await deliveryRows(endpoint.id);
    expect(row).toMatchObject({ status: "pending", attempts: 1, responseStatus: null, lastError: "URL refused: must use https" });
  });
});

/** Checks one recorded request against a given list of secrets (the receiver's own verifier). */
async function reverify(hook: WebhookReceiver, index: number, secrets: string[]) {
  const request = hook.received[index]!;
  for (const secret of secrets) {
    const header = String(request.headers["booking-signature"]);
    const [, t, v1] = header.match(/^t=(\d+),v1=([0-9a-f]{64})$/)!;
    const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["verify"]);
    const signature = Uint8Array.from(v1!.match(/../g)!.map((byte) => parseInt(byte, 16)));
    if (await crypto.subtle.verify("HMAC", key, signature, new TextEncoder().encode(`${t}.${request.rawBody}`))) return { verifiedWith: secret };
  }
  return { verifiedWith: null };
}
