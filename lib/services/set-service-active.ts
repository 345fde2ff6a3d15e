import { and, eq } from "drizzle-orm";
import type { ServiceContext } from "@/lib/context";
import { services, type ServiceRow } from "@/lib/db/schema";
import { notFound } from "@/lib/errors";

/**
 * Activate or deactivate: the only way `active` changes. Idempotent. A deactivated service
 * keeps its calendars and settings; it just stops being offered.
 */
export async function setServiceActive({
  ctx,
  id,
  active,
}: {
  ctx: Pick<ServiceContext, "db" | "workspace" | "clock">;
  id: string;
  active: boolean;
}): Promise<ServiceRow> {
  const [row] = await ctx.db
    .update(services)
    .set({ active, updatedAt: ctx.clock.now() })
    .where(and(eq(services.id, id), eq(services.workspaceId, ctx.workspace.id)))
    .returning();
  if (!row) throw notFound("service");
  return row;
}
