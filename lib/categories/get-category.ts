import { and, eq } from "drizzle-orm";
import type { ServiceContext } from "@/lib/context";
import { categories, type CategoryRow } from "@/lib/db/schema";
import { notFound } from "@/lib/errors";

/** One category of the workspace; another workspace's is simply not found. */
export async function getCategoryOrThrow({ ctx, id }: { ctx: Pick<ServiceContext, "db" | "workspace">; id: string }): Promise<CategoryRow> {
  const [row] = await ctx.db
    .select()
    .from(categories)
    .where(and(eq(categories.id, id), eq(categories.workspaceId, ctx.workspace.id)));
  if (!row) throw notFound("category");
  return row;
}
