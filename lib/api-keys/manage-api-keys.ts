import { and, desc, eq, sql } from "drizzle-orm";
import type { Ctx } from "@/lib/context";
import { apiKeys, type ApiKeyRow } from "@/lib/db/schema";
import { notFound } from "@/lib/errors";
import type { UpdateApiKeyBody } from "./schemas";

export async function listApiKeys({ ctx }: { ctx: Ctx }): Promise<ApiKeyRow[]> {
  return ctx.db.select().from(apiKeys).where(eq(apiKeys.workspaceId, ctx.workspace.id)).orderBy(desc(apiKeys.createdAt), desc(apiKeys.id));
}

export async function updateApiKey({ ctx, id, input }: { ctx: Ctx; id: string; input: UpdateApiKeyBody }): Promise<ApiKeyRow> {
  const changes: Partial<ApiKeyRow> = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.allowed_origins !== undefined) changes.allowedOrigins = [...new Set(input.allowed_origins)];
  const where = and(eq(apiKeys.id, id), eq(apiKeys.workspaceId, ctx.workspace.id));
  const [row] =
    Object.keys(changes).length > 0 ? await ctx.db.update(apiKeys).set(changes).where(where).returning() : await ctx.db.select().from(apiKeys).where(where);
  if (!row) throw notFound("API key");
  return row;
}

/** Revoking is immediate and final; revoking again answers the revoked key unchanged. */
export async function revokeApiKey({ ctx, id }: { ctx: Ctx; id: string }): Promise<ApiKeyRow> {
  const [row] = await ctx.db
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, ${ctx.clock.now().toISOString()}::timestamptz)` })
    .where(and(eq(apiKeys.id, id), eq(apiKeys.workspaceId, ctx.workspace.id)))
    .returning();
  if (!row) throw notFound("API key");
  return row;
}
