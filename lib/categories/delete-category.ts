import { and, eq } from "drizzle-orm";
import type { ServiceContext } from "@/lib/context";
import { categories, services } from "@/lib/db/schema";
import { notFound } from "@/lib/errors";
import { withTransaction } from "@/lib/db/transaction";

/** Deletes a category; its services become uncategorised (category_id null), nothing else changes. */
export async function deleteCategory({ ctx, id }: { ctx: Pick<ServiceContext, "db" | "workspace" | "clock">; id: string }): Promise<{ id: string }> {
  return withTransaction(ctx, async (tx) => {
    // Explicit (the foreign key would also set null) so the services' updated_at moves too.
    await tx
      .update(services)
      .set({ categoryId: null, updatedAt: ctx.clock.now() })
      .where(and(eq(services.workspaceId, ctx.workspace.id), eq(services.categoryId, id)));
    const [row] = await tx
      .delete(categories)
      .where(and(eq(categories.id, id), eq(categories.workspaceId, ctx.workspace.id)))
      .returning({ id: categories.id });
    if (!row) throw notFound("category");
    return row;
  });
}
