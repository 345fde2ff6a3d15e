import { and, eq } from "drizzle-orm";
import { webhookDeliveries, type DeliveryStatus } from "@/lib/db/schema";
import { pageClauses, toPage, type Page } from "@/lib/db/pagination";
import type { Ctx } from "@/lib/context";
import { getEndpointOrThrow } from "./manage-endpoints";
import { toWebhookDelivery } from "./serialize";
import type { WebhookDeliveryPage } from "./schemas";

/** One endpoint's delivery history, newest first, optionally one status only. */
export async function listDeliveries({
  ctx,
  endpointId,
  page,
  status,
}: {
  ctx: Ctx;
  endpointId: string;
  page: Page;
  status?: DeliveryStatus;
}): Promise<WebhookDeliveryPage> {
  await getEndpointOrThrow({ ctx, id: endpointId });
  const { where, orderBy } = pageClauses({ createdAt: webhookDeliveries.createdAt, id: webhookDeliveries.id }, page);
  const rows = await ctx.db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.workspaceId, ctx.workspace.id),
        eq(webhookDeliveries.endpointId, endpointId),
        status === undefined ? undefined : eq(webhookDeliveries.status, status),
        where,
      ),
    )
    .orderBy(...orderBy)
    .limit(page.limit + 1);
  const { data, next_cursor } = toPage(rows, page, toWebhookDelivery);
  return next_cursor === null ? { data } : { data, next_cursor };
}
