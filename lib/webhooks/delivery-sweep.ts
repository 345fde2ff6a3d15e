import type { JobContext } from "@/lib/context";
import { claimDueDeliveries, sendClaimed } from "./attempt-delivery";

/**
 * The due deliveries, at most `limit` (the sweep behind the deliver-webhook job,
 * lib/jobs/definitions/deliver-webhook.ts): claim them, then attempt them side by side so one
 * slow receiver does not hold up the rest. Answers how many were sent.
 */
export async function sendDueDeliveries(ctx: JobContext, { limit }: { limit: number }): Promise<number> {
  const now = ctx.clock.now();
  const claims = await claimDueDeliveries(ctx.db, now, limit);
  const results = await Promise.all(claims.map((claim) => sendClaimed(ctx.db, claim, ctx.clock)));
  return results.filter((result) => result.outcome === "sent").length;
}
