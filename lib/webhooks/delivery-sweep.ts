import type { DueWorkSweep } from "@/lib/jobs/types";
import { claimDueDeliveries, sendClaimed } from "./attempt-delivery";

/**
 * The in-process driver of webhook work (and the Inngest cron backstop): claim the due
 * deliveries, then attempt them side by side so one slow receiver does not hold up the rest.
 */
export const webhookDeliverySweep: DueWorkSweep = {
  name: "webhook_deliveries",
  async run(ctx, { limit }) {
    const now = ctx.clock.now();
    const claims = await claimDueDeliveries(ctx.db, now, limit);
    const results = await Promise.all(claims.map((claim) => sendClaimed(ctx.db, claim, ctx.clock)));
    return results.filter((result) => result.outcome === "sent").length;
  },
};
