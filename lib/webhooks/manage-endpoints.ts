import { and, eq } from "drizzle-orm";
import { webhookEndpoints, type WebhookEndpointRow } from "@/lib/db/schema";
import { notFound } from "@/lib/errors";
import { pageClauses, toPage, type Page, type PageResult } from "@/lib/db/pagination";
import type { Ctx } from "@/lib/context";
import { seal } from "@/lib/secrets/seal";
import { assertEndpointUrlAllowed } from "./create-endpoint";
import type { UpdateWebhookEndpointBody } from "./schemas";
import { generateWebhookSecret } from "./signature";

const inWorkspace = (ctx: Ctx, id: string) => and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.workspaceId, ctx.workspace.id));

export async function getEndpointOrThrow({ ctx, id }: { ctx: Ctx; id: string }): Promise<WebhookEndpointRow> {
  const [row] = await ctx.db.select().from(webhookEndpoints).where(inWorkspace(ctx, id));
  if (!row) throw notFound("webhook endpoint");
  return row;
}

/** Newest first, active and inactive alike. */
export async function listEndpoints<T>({ ctx, page, serialize }: { ctx: Ctx; page: Page; serialize: (row: WebhookEndpointRow) => T }): Promise<PageResult<T>> {
  const { where, orderBy } = pageClauses({ createdAt: webhookEndpoints.createdAt, id: webhookEndpoints.id }, page);
  const rows = await ctx.db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.workspaceId, ctx.workspace.id), where))
    .orderBy(...orderBy)
    .limit(page.limit + 1);
  return toPage(rows, page, serialize);
}

/** A partial update: omitted fields keep their value; a new url passes the same rule as create. */
export async function updateEndpoint({ ctx, id, input }: { ctx: Ctx; id: string; input: UpdateWebhookEndpointBody }): Promise<WebhookEndpointRow> {
  const changes: Partial<WebhookEndpointRow> = {};
  if (input.url !== undefined) {
    assertEndpointUrlAllowed(input.url);
    changes.url = input.url;
  }
  if (input.events !== undefined) changes.events = input.events;
  if (input.active !== undefined) changes.active = input.active;
  if (Object.keys(changes).length === 0) return getEndpointOrThrow({ ctx, id });
  const [row] = await ctx.db.update(webhookEndpoints).set(changes).where(inWorkspace(ctx, id)).returning();
  if (!row) throw notFound("webhook endpoint");
  return row;
}

/** DELETE deactivates: the endpoint and its delivery history stay readable. */
export async function deactivateEndpoint({ ctx, id }: { ctx: Ctx; id: string }): Promise<WebhookEndpointRow> {
  return updateEndpoint({ ctx, id, input: { active: false } });
}

/** A new secret, effective for the very next attempt (each attempt reads the sealed secret). */
export async function rotateEndpointSecret({ ctx, id }: { ctx: Ctx; id: string }): Promise<{ id: string; secret: string }> {
  const secret = generateWebhookSecret();
  const [row] = await ctx.db
    .update(webhookEndpoints)
    .set({ secretSealed: seal(secret) })
    .where(inWorkspace(ctx, id))
    .returning({ id: webhookEndpoints.id });
  if (!row) throw notFound("webhook endpoint");
  return { id: row.id, secret };
}
