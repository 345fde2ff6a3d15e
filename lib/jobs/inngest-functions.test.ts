import { describe, expect, it } from "vitest";
import { InngestTestEngine } from "@inngest/test";
import { eq } from "drizzle-orm";
import { bookings, webhookDeliveries } from "@/lib/db/schema";
import { currentDb } from "@/tests/helpers/test-db";
import { newWorkspace } from "@/tests/helpers/fixtures";
import { advanceClock, emitBookingEvent, insertBooking, registerEndpoint, useWebhookReceivers } from "@/tests/helpers/webhooks";
import { RETRY_WAITS_MS } from "@/lib/webhooks/attempt-delivery";
import { RETRY_SLEEPS } from "./definitions/deliver-webhook";
import { JOB_DEFINITIONS } from "./definitions";
import { deliverWebhook, expireHoldWhenDue, INNGEST_FUNCTIONS, runDueWorkBackstop } from "./inngest-functions";
import { loadClock } from "@/lib/time/clock";

const startReceiver = useWebhookReceivers();

/** A workspace with one endpoint on a live receiver and one recorded booking.created delivery. */
async function oneDelivery() {
  const receiver = await startReceiver();
  const ws = await newWorkspace();
  const endpoint = await registerEndpoint(ws, receiver.url);
  receiver.trust(endpoint.secret);
  await emitBookingEvent(ws, "booking.created", (await insertBooking(ws)).id);
  const [delivery] = await currentDb().db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpoint.id));
  const event = { name: "webhook/delivery.requested", data: { deliveryId: delivery!.id, endpointId: endpoint.id } };
  return { ws, endpoint, delivery: delivery!, event, receiver };
}

/** Every sleep mocked by its step id; each advances the app clock by the wait it stands for. */
const sleepsThatAdvanceTheClock = () => RETRY_SLEEPS.map((_, index) => ({ id: `wait-${index + 1}`, handler: () => advanceClock(RETRY_WAITS_MS[index]!) }));

describe("deliver-webhook (Inngest)", () => {
  it("is idempotent on the delivery id, limited per endpoint, and retries only infrastructure errors", () => {
    expect(deliverWebhook.opts).toMatchObject({
      id: "deliver-webhook",
      idempotency: "event.data.deliveryId",
      concurrency: { key: "event.data.endpointId", limit: 5 },
      retries: 2,
    });
  });

  it("one attempt that succeeds ends the run without sleeping", async () => {
    const { event, delivery, receiver } = await oneDelivery();
    const t = new InngestTestEngine({ function: deliverWebhook });
    const { result, ctx } = await t.execute({ events: [event], steps: sleepsThatAdvanceTheClock() });
    expect(result).toMatchObject({ deliveryId: delivery.id, outcome: "sent", status: "succeeded", attempts: 1, done: true });
    expect(ctx.step.sleep).not.toHaveBeenCalled();
    expect(receiver.deliveriesOf(delivery.id)).toHaveLength(1);
    expect(receiver.received[0]!.verifiedWith).not.toBeNull();
  });

  it("five attempts, one step each, with the spec's sleeps between them, then the delivery is failed", async () => {
    const { event, delivery, receiver } = await oneDelivery();
    receiver.reply({ status: 500 });
    const t = new InngestTestEngine({ function: deliverWebhook });
    const { result, ctx } = await t.execute({ events: [event], steps: sleepsThatAdvanceTheClock() });
    expect(result).toMatchObject({ outcome: "sent", status: "failed", attempts: 5, nextRetryAt: null, done: true });
    expect(ctx.step.sleep).toHaveBeenCalledTimes(4);
    expect(ctx.step.sleep).toHaveBeenNthCalledWith(1, "wait-1", "1m");
    expect(ctx.step.sleep).toHaveBeenNthCalledWith(2, "wait-2", "30m");
    expect(ctx.step.sleep).toHaveBeenNthCalledWith(3, "wait-3", "2h");
    expect(ctx.step.sleep).toHaveBeenNthCalledWith(4, "wait-4", "6h");
    expect(ctx.step.run).toHaveBeenCalledTimes(5);
    expect(receiver.deliveriesOf(delivery.id)).toHaveLength(5);
    const [row] = await currentDb().db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, delivery.id));
    expect(row).toMatchObject({ status: "failed", attempts: 5, responseStatus: 500 });
  });

  it("an attempt step that finds the delivery already sent sends nothing and ends the run", async () => {
    const { event, delivery, receiver } = await oneDelivery();
    const first = new InngestTestEngine({ function: deliverWebhook });
    await first.execute({ events: [event], steps: sleepsThatAdvanceTheClock() });
    const again = new InngestTestEngine({ function: deliverWebhook });
    const { result } = await again.execute({ events: [event], steps: sleepsThatAdvanceTheClock() });
    expect(result).toMatchObject({ outcome: "not_due", status: "succeeded", done: true });
    expect(receiver.deliveriesOf(delivery.id)).toHaveLength(1);
  });

  it("a single attempt step can be run on its own", async () => {
    const { event, delivery, receiver } = await oneDelivery();
    receiver.reply({ status: 502 });
    const t = new InngestTestEngine({ function: deliverWebhook });
    const { result } = await t.executeStep("attempt-1", { events: [event], steps: sleepsThatAdvanceTheClock() });
    expect(result).toMatchObject({ deliveryId: delivery.id, status: "pending", attempts: 1, done: false });
  });
});

describe("run-due-work cron backstop (Inngest)", () => {
  it("runs every minute and sends what is overdue, as the in-process runner would", async () => {
    expect(runDueWorkBackstop.opts.triggers).toEqual([{ cron: "* * * * *" }]);
    const { delivery, receiver } = await oneDelivery();
    const t = new InngestTestEngine({ function: runDueWorkBackstop });
    const { result } = await t.execute();
    expect(result).toMatchObject({ webhook_deliveries: 1 });
    expect(receiver.deliveriesOf(delivery.id)).toHaveLength(1);
  });
});

describe("expire-hold (Inngest)", () => {
  it("sleeps until the hold lapses, then expires it; a settled hold cancels the run", async () => {
    expect(expireHoldWhenDue.opts.cancelOn).toEqual([{ event: expect.objectContaining({ name: "booking/hold.settled" }), match: "data.bookingId" }]);
    const ws = await newWorkspace();
    const booking = await insertBooking(ws, { status: "pending" });
    const now = (await loadClock(currentDb().db)).now();
    const holdExpiresAt = new Date(now.getTime() + 10 * 60_000);
    await currentDb().db.update(bookings).set({ holdExpiresAt }).where(eq(bookings.id, booking.id));

    const t = new InngestTestEngine({ function: expireHoldWhenDue });
    const { result, ctx } = await t.execute({
      events: [{ name: "booking/hold.placed", data: { bookingId: booking.id, holdExpiresAt: holdExpiresAt.toISOString() } }],
      steps: [{ id: "until-hold-expiry", handler: () => advanceClock(10 * 60_000) }],
    });
    expect(ctx.step.sleepUntil).toHaveBeenCalledWith("until-hold-expiry", holdExpiresAt.toISOString());
    expect(result).toEqual({ expired: true, nextDueAt: null });
    const [row] = await currentDb().db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row!.status).toBe("expired");
  });

  it("leaves a hold alone that was extended while it slept", async () => {
    const ws = await newWorkspace();
    const booking = await insertBooking(ws, { status: "pending" });
    const now = (await loadClock(currentDb().db)).now();
    const firstExpiry = new Date(now.getTime() + 10 * 60_000);
    const extended = new Date(now.getTime() + 20 * 60_000);
    await currentDb().db.update(bookings).set({ holdExpiresAt: extended }).where(eq(bookings.id, booking.id));
    const t = new InngestTestEngine({ function: expireHoldWhenDue });
    const { result } = await t.execute({
      events: [{ name: "booking/hold.placed", data: { bookingId: booking.id, holdExpiresAt: firstExpiry.toISOString() } }],
      steps: [{ id: "until-hold-expiry", handler: () => advanceClock(10 * 60_000) }],
    });
    expect(result).toMatchObject({ expired: false });
    const [row] = await currentDb().db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(row!.status).toBe("pending");
  });
});

describe("job definitions (lib/jobs/definitions)", () => {
  it("each has a stable, unique id and exactly one Inngest function", () => {
    const ids = JOB_DEFINITIONS.map((definition) => definition.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(INNGEST_FUNCTIONS.map((fn) => fn.opts.id)).toEqual(ids);
  });

  it("the payload is parsed at run time against the definition's schema: a malformed one fails the run before any step", async () => {
    const t = new InngestTestEngine({ function: deliverWebhook });
    const { error, ctx } = await t.execute({ events: [{ name: "webhook/delivery.requested", data: { deliveryId: "not-a-uuid", endpointId: 42 } }] });
    expect(error).toMatchObject({ message: expect.stringMatching(/deliveryId.*UUID.*endpointId/) });
    expect(ctx.step.run).not.toHaveBeenCalled();
  });
});
