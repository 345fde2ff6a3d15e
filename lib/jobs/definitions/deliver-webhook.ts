import { attemptDelivery, MAX_DELIVERY_ATTEMPTS } from "@/lib/webhooks/attempt-delivery";
import { sendDueDeliveries } from "@/lib/webhooks/delivery-sweep";
import { defineEventJob } from "../define-job";
import { webhookDeliveryRequested } from "../events";
import type { DueWorkSweep } from "@/lib/context";

/**
 * The backstop of deliver-webhook (the in-process runner's driver, and the Inngest cron's):
 * deliveries whose event was lost, whose endpoint came back, or that Inngest never saw.
 */
export const webhookDeliverySweep: DueWorkSweep = { name: "webhook_deliveries", run: sendDueDeliveries };

/** step.sleep spellings of the spec's waits after attempts 1–4 (RETRY_WAITS_MS). */
export const RETRY_SLEEPS = ["1m", "30m", "2h", "6h"] as const;

/**
 * One run per delivery (idempotent on its id). Each attempt is its own step and never
 * throws on a receiver's failure, so the driver's retries only cover our own infrastructure
 * errors and a memoised attempt is never sent twice; sleeps space the attempts. The
 * database row stays the source of truth: an attempt that finds the row not due (the cron
 * backstop got there first) sends nothing, and one that finds it finished ends the run.
 */
export const deliverWebhookJob = defineEventJob({
  id: "deliver-webhook",
  trigger: { event: webhookDeliveryRequested, idempotencyKey: "deliveryId", concurrency: { key: "endpointId", limit: 5 } },
  retries: 2,
  sweep: webhookDeliverySweep,
  handler: async ({ payload, io, loadContext }) => {
    for (let attempt = 1; ; attempt++) {
      const result = await io.run(`attempt-${attempt}`, async () => {
        const ctx = await loadContext();
        return attemptDelivery(ctx.db, payload.deliveryId, ctx.clock);
      });
      const wait = RETRY_SLEEPS[attempt - 1];
      if (result.done || attempt >= MAX_DELIVERY_ATTEMPTS || wait === undefined) return result;
      await io.sleep(`wait-${attempt}`, wait);
    }
  },
});
