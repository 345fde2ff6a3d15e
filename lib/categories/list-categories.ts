import { asc, eq } from "drizzle-orm";
import type { ServiceContext } from "@/lib/context";
import { categories, type CategoryRow } from "@/lib/db/schema";

/** The business's order: position, ties by creation (then id, so it is total). */
export async function listCategories({ ctx }: { ctx: Pick<ServiceContext, "db" | "workspace"> }): Promise<CategoryRow[]> {
  return ctx.db
    .select()
    .from(categories)
    .where(eq(categories.workspaceId, ctx.workspace.id))
    .orderBy(asc(categories.position), asc(categories.createdAt), asc(categories.id));
}
