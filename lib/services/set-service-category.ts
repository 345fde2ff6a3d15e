import { and, eq } from "drizzle-orm";
import type { ServiceContext } from "@/lib/context";
import { categories, services, type ServiceRow } from "@/lib/db/schema";
import { validationFailed } from "@/lib/errors";
import { getServiceOrThrow, listStaffIdsByService } from "./get-service";
import { withTransaction } from "@/lib/db/transaction";

/** Files a service under one of the workspace's categories, or uncategorises it (null). */
export async function setServiceCategory({
  ctx,
  id,
  categoryId,
}: {
  ctx: Pick<ServiceContext, "db" | "workspace" | "clock">;
  id: string;
  categoryId: string | null;
}): Promise<{ row: ServiceRow; staffIds: string[] }> {
  return withTransaction(ctx, async (tx) => {
    await getServiceOrThrow(tx, ctx.workspace.id, id, { forUpdate: true });
    if (categoryId !== null) {
      // Locked so a concurrent delete cannot leave the service pointing at nothing.
      const [category] = await tx
        .select({ id: categories.id })
        .from(categories)
        .where(and(eq(categories.id, categoryId), eq(categories.workspaceId, ctx.workspace.id)))
        .for("update");
      if (!category) throw validationFailed("category_id", `category_id: no category ${categoryId} in this workspace.`);
    }
    const [row] = await tx
      .update(services)
      .set({ categoryId, updatedAt: ctx.clock.now() })
      .where(and(eq(services.id, id), eq(services.workspaceId, ctx.workspace.id)))
      .returning();
    const staffIds = await listStaffIdsByService(tx, [id]);
    return { row: row!, staffIds: staffIds.get(id) ?? [] };
  });
}
