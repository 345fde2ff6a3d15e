import { eq, sql } from "drizzle-orm";
import type { ServiceContext } from "@/lib/context";
import { categories, type CategoryRow } from "@/lib/db/schema";
import type { CreateCategoryBody } from "./schemas";

/** Without a position the category goes after the last one. */
export async function createCategory({
  ctx,
  input,
}: {
  ctx: Pick<ServiceContext, "db" | "workspace" | "clock">;
  input: CreateCategoryBody;
}): Promise<CategoryRow> {
  const position =
    input.position ??
    (
      await ctx.db
        .select({ next: sql<number>`coalesce(max(${categories.position}) + 1, 0)`.mapWith(Number) })
        .from(categories)
        .where(eq(categories.workspaceId, ctx.workspace.id))
    )[0]!.next;
  const [row] = await ctx.db.insert(categories).values({ workspaceId: ctx.workspace.id, name: input.name, position, createdAt: ctx.clock.now() }).returning();
  return row!;
}
