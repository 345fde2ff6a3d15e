import { and, eq } from "drizzle-orm";
import { webhookDeliveries, type WebhookDeliveryRow } from "@/lib/db/schema";
import { DomainError, notFound } from "@/lib/errors";
import type { Ctx } from "@/lib/context";
import { attemptDelivery } from "./attempt-delivery";

/**
 * docs/decisions.md#routes-the-contract-leaves-open: sends one delivery again now, same id and payload, whatever its status and
 * whether or not its endpoint is active (a deliberate request by the business). The attempt
 * counts: a failure of a still-pending delivery keeps its retry schedule; a finished one
 * ends as the new attempt went. While another sender holds it: 503 transient_failure, retry.
 */
export async function retryDelivery({ ctx, endpointId, deliveryId }: { ctx: Ctx; endpointId: string; deliveryId: string }): Promise<WebhookDeliveryRow> {
  const where = and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.workspaceId, ctx.workspace.id));
  const [existing] = await ctx.db.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(where);
  if (!existing) throw notFound("webhook delivery");
  const result = await attemptDelivery(ctx.db, deliveryId, ctx.clock, { manual: true });
  if (result.outcome === "in_flight") throw new DomainError("transient_failure", "This delivery is being attempted right now. Retry shortly.");
  const [row] = await ctx.db.select().from(webhookDeliveries).where(where);
  return row!;
}
