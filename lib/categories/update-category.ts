import { and, eq } from "drizzle-orm";
import type { ServiceContext } from "@/lib/context";
import { categories, type CategoryRow } from "@/lib/db/schema";
import { notFound } from "@/lib/errors";
import type { UpdateCategoryBody } from "./schemas";

/** Rename or move a category; other categories keep their positions (ties order by creation). */
export async function updateCategory({
  ctx,
  id,
  input,
}: {
  ctx: Pick<ServiceContext, "db" | "workspace">;
  id: string;
  input: UpdateCategoryBody;
}): Promise<CategoryRow> {
  const changes: Partial<CategoryRow> = {};
  if (input.name !== undefined) changes.name = input.name;
  if (input.position !== undefined) changes.position = input.position;
  const where = and(eq(categories.id, id), eq(categories.workspaceId, ctx.workspace.id));
  const [row] =
    Object.keys(changes).length > 0
      ? await ctx.db.update(categories).set(changes).where(where).returning()
      : await ctx.db.select().from(categories).where(where);
  if (!row) throw notFound("category");
  return row;
}
