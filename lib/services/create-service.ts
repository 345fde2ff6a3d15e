import type { ServiceContext } from "@/lib/context";
import { services, type ServiceRow } from "@/lib/db/schema";
import type { ServiceBody } from "./schemas";
import { toServiceValues } from "./service-values";

/** A new service is active, uncategorised and offered by no calendar until PUT /v1/services/{id}/staff. */
export async function createService({ ctx, input }: { ctx: Pick<ServiceContext, "db" | "workspace" | "clock">; input: ServiceBody }): Promise<ServiceRow> {
  const values = toServiceValues(input);
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .insert(services)
    .values({ ...values, workspaceId: ctx.workspace.id, createdAt: now, updatedAt: now })
    .returning();
  return row!;
}
