import { afterEach, describe, expect, it, vi } from "vitest";
import { InngestTestEngine } from "@inngest/test";
import { eq, inArray } from "drizzle-orm";
import { getConfig, setConfigForTesting } from "@/lib/config";
import { jobContext } from "@/lib/context";
import { withTransaction } from "@/lib/db/transaction";
import { webhookDeliveries } from "@/lib/db/schema";
import { startInProcessRunner } from "@/lib/jobs/in-process-runner";
import { inngest } from "@/lib/jobs/inngest-client";
import { deliverWebhook, runDueWorkBackstop } from "@/lib/jobs/inngest-functions";
import { runDueWork } from "@/lib/jobs/run-due-work";
import { loadClock } from "@/lib/time/clock";
import { CLAIM_TTL_MS, claimDueDeliveries } from "@/lib/webhooks/attempt-delivery";
import { webhookDeliverySweep } from "@/lib/jobs/definitions/deliver-webhook";
import { newWorkspace } from "../helpers/fixtures";
import { currentDb } from "../helpers/test-db";
import { advanceClock, emitBookingEvent, insertBooking, registerEndpoint, useWebhookReceivers } from "../helpers/webhooks";
import { getLogger } from "@/lib/log/logger";

const receiver = useWebhookReceivers();
afterEach(() => {
  vi.restoreAllMocks();
});

async function deliveryIdsOf(endpointIds: string[]) {
  const rows = await currentDb().db.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(inArray(webhookDeliveries.endpointId, endpointIds));
  return rows.map((row) => row.id);
}

async function newJobContext() {
  const db = currentDb().db;
  return jobContext({ db, clock: await loadClock(db) }, "test");
}

describe("transactional outbox", () => {
  it("a delivery is written in the booking change's transaction: a rollback leaves none", async () => {
    const ws = await newWorkspace();
    const endpoint = await registerEndpoint(ws, "https://hooks.example.com/h");
    const booking = await insertBooking(ws);
    const { recordBookingEvent } = await import("@/lib/webhooks/record-booking-event");
    await expect(
      withTransaction(currentDb(), async (tx) => {
        await recordBookingEvent(tx, { workspaceId: ws.id, type: "booking.created", bookingId: booking.id, now: new Date() });
        throw new Error("the booking change failed");
      }),
    ).rejects.toThrow("the booking change failed");
    expect(await deliveryIdsOf([endpoint.id])).toEqual([]);
  });

  it("a crash between commit and send (Inngest configured, event never sent) loses nothing: each delivery arrives exactly once", async () => {
    const hook = await receiver();
    const ws = await newWorkspace();
    const endpoints = [await registerEndpoint(ws, `${hook.url}/a`), await registerEndpoint(ws, `${hook.url}/b`)];
    setConfigForTesting({ inngest: { enabled: true } });
    const send = vi.spyOn(inngest, "send").mockRejectedValue(new Error("process died before the event left"));
    const errors = vi.spyOn(getLogger(), "error").mockImplementation(() => {});

    const booking = await insertBooking(ws);
    await emitBookingEvent(ws, "booking.created", booking.id);
    expect(send).toHaveBeenCalledTimes(1);
    expect(errors).toHaveBeenCalled();
    expect(hook.received).toHaveLength(0);
    const ids = await deliveryIdsOf(endpoints.map((e) => e.id));
    expect(ids).toHaveLength(2);

    // The cron backstop runs on the next minute and finds the committed rows.
    const backstop = new InngestTestEngine({ function: runDueWorkBackstop });
    expect((await backstop.execute()).result).toMatchObject({ webhook_deliveries: 2 });
    // The lost event finally arrives (or a second instance announces it): nothing is resent.
    for (const [index, id] of ids.entries()) {
      const late = new InngestTestEngine({ function: deliverWebhook });
      const { result } = await late.execute({
        events: [{ name: "webhook/delivery.requested", data: { deliveryId: id, endpointId: endpoints[index]!.id } }],
        steps: [1, 2, 3, 4].map((n) => ({ id: `wait-${n}`, handler: () => undefined })),
      });
      expect(result).toMatchObject({ outcome: "not_due", status: "succeeded", done: true });
    }
    await backstop.execute();
    for (const id of ids) expect(hook.deliveriesOf(id), `delivery ${id}`).toHaveLength(1);
    expect(hook.received).toHaveLength(2);
  });

  it("after commit, each new delivery goes to Inngest as one event whose id is the delivery id", async () => {
    const ws = await newWorkspace();
    const endpoint = await registerEndpoint(ws, "https://hooks.example.com/h");
    const send = vi.spyOn(inngest, "send").mockResolvedValue({ ids: [] });
    await emitBookingEvent(ws, "booking.created", (await insertBooking(ws)).id);
    expect(send, "Inngest is not configured: the runner does the work").not.toHaveBeenCalled();

    setConfigForTesting({ inngest: { enabled: true } });
    const before = await deliveryIdsOf([endpoint.id]);
    await emitBookingEvent(ws, "booking.created", (await insertBooking(ws)).id);
    const [id] = (await deliveryIdsOf([endpoint.id])).filter((delivery) => !before.includes(delivery));
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]![0]).toEqual([
      expect.objectContaining({ id, name: "webhook/delivery.requested", data: { deliveryId: id, endpointId: endpoint.id } }),
    ]);
  });

  it("a sender that dies mid-attempt holds the delivery only until its claim expires; then it is sent once", async () => {
    const hook = await receiver();
    const ws = await newWorkspace();
    const endpoint = await registerEndpoint(ws, hook.url);
    await emitBookingEvent(ws, "booking.created", (await insertBooking(ws)).id);
    const [id] = await deliveryIdsOf([endpoint.id]);

    const ctx = await newJobContext();
    const claims = await claimDueDeliveries(ctx.db, ctx.clock.now(), 50);
    expect(claims.map((claim) => claim.row.id)).toContain(id);
    // …and that instance never sends: it crashed.
    expect((await runDueWork(await newJobContext())).webhook_deliveries).toBe(0);
    await advanceClock(CLAIM_TTL_MS - 5_000);
    expect((await runDueWork(await newJobContext())).webhook_deliveries).toBe(0);
    await advanceClock(5_000);
    expect((await runDueWork(await newJobContext())).webhook_deliveries).toBe(1);
    expect((await runDueWork(await newJobContext())).webhook_deliveries).toBe(0);
    expect(hook.deliveriesOf(id!)).toHaveLength(1);
    const [row] = await currentDb().db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id!));
    expect(row).toMatchObject({ status: "succeeded", attempts: 1, claimToken: null, claimExpiresAt: null });
  });

  it("concurrent sweeps (several app instances) never send a delivery twice", async () => {
    const hook = await receiver();
    hook.reply({ status: 200, delayMs: 50 });
    const ws = await newWorkspace();
    const endpoints = [await registerEndpoint(ws, `${hook.url}/1`), await registerEndpoint(ws, `${hook.url}/2`), await registerEndpoint(ws, `${hook.url}/3`)];
    for (let i = 0; i < 6; i++) await emitBookingEvent(ws, "booking.created", (await insertBooking(ws)).id);
    const ids = await deliveryIdsOf(endpoints.map((e) => e.id));
    expect(ids).toHaveLength(18);

    const ctx = await newJobContext();
    const counts = await Promise.all(Array.from({ length: 6 }, () => webhookDeliverySweep.run(ctx, { limit: 4 })));
    const rest = await runDueWork(ctx);
    expect(counts.reduce((a, b) => a + b, 0) + rest.webhook_deliveries!).toBe(18);
    for (const id of ids) expect(hook.deliveriesOf(id), `delivery ${id}`).toHaveLength(1);
    expect(hook.received).toHaveLength(18);
  });
});

describe("in-process runner", () => {
  it("polls and sends due deliveries without anyone calling it", async () => {
    const hook = await receiver();
    const ws = await newWorkspace();
    const endpoint = await registerEndpoint(ws, hook.url);
    const runner = startInProcessRunner({ intervalMs: 20 });
    expect(runner).toBeDefined();
    try {
      expect(startInProcessRunner({ intervalMs: 20 }), "one runner per process").toBe(runner);
      await emitBookingEvent(ws, "booking.created", (await insertBooking(ws)).id);
      const [id] = await deliveryIdsOf([endpoint.id]);
      await vi.waitFor(() => expect(hook.deliveriesOf(id!)).toHaveLength(1), { timeout: 5_000, interval: 20 });
    } finally {
      await runner!.stop();
    }
  });

  it("does not start when Inngest is configured or the interval is 0", () => {
    expect(getConfig().runnerIntervalMs).toBe(0);
    expect(startInProcessRunner()).toBeUndefined();
    setConfigForTesting({ inngest: { enabled: true } });
    expect(startInProcessRunner({ intervalMs: 20 })).toBeUndefined();
  });
});

describe("POST /dev/jobs/run", () => {
  it("runs what is due on the app clock and answers the counts per sweep", async () => {
    const hook = await receiver();
    const ws = await newWorkspace();
    await registerEndpoint(ws, hook.url);
    await emitBookingEvent(ws, "booking.created", (await insertBooking(ws)).id);
    const { api } = await import("../helpers/api");
    const response = await api.post("/dev/jobs/run");
    expect(response.status).toBe(200);
    expect(response.body.counts).toMatchObject({ webhook_deliveries: 1 });
    expect(hook.received).toHaveLength(1);
  });

  it("is 404 in the API envelope without dev tools", async () => {
    setConfigForTesting({ devTools: false });
    const { api } = await import("../helpers/api");
    const response = await api.post("/dev/jobs/run");
    expect(response.status).toBe(404);
    expect(response.body.error.type).toBe("not_found");
  });
});

describe("/api/inngest", () => {
  it("does not exist unless Inngest is configured", async () => {
    const { api } = await import("../helpers/api");
    const response = await api.get("/api/inngest");
    expect(response.status).toBe(404);
    expect(response.body.error.type).toBe("not_found");
  });

  it("serves the six functions when Inngest is configured", async () => {
    const { api } = await import("../helpers/api");
    const previous = process.env.INNGEST_DEV;
    process.env.INNGEST_DEV = "1";
    try {
      setConfigForTesting({ inngest: { enabled: true } });
      const response = await api.get("/api/inngest");
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ mode: "dev", function_count: 6 });
    } finally {
      if (previous === undefined) delete process.env.INNGEST_DEV;
      else process.env.INNGEST_DEV = previous;
    }
  });
});
