import { and, eq } from "drizzle-orm";
import type { ServiceContext } from "@/lib/context";
import { services, type ServiceRow } from "@/lib/db/schema";
import { notFound } from "@/lib/errors";
import type { ServiceBody } from "./schemas";
import { toServiceValues } from "./service-values";

/**
 * Full replace (payment rule 7): every writable field is written, an omitted one at its zero
 * value. `active` and the category are not part of the shape and stay as they are.
 */
export async function replaceService({
  ctx,
  id,
  input,
}: {
  ctx: Pick<ServiceContext, "db" | "workspace" | "clock">;
  id: string;
  input: ServiceBody;
}): Promise<ServiceRow> {
  const values = toServiceValues(input);
  const [row] = await ctx.db
    .update(services)
    .set({ ...values, updatedAt: ctx.clock.now() })
    .where(and(eq(services.id, id), eq(services.workspaceId, ctx.workspace.id)))
    .returning();
  if (!row) throw notFound("service");
  return row;
}
