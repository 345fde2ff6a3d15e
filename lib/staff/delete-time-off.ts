import { and, eq } from "drizzle-orm";
import type { ServiceContext } from "@/lib/context";
import { timeOff } from "@/lib/db/schema";
import { notFound } from "@/lib/errors";

/** Removes a period of time off; its slots open again. A period of another calendar is not found. */
export async function deleteTimeOff({
  ctx,
  staffId,
  id,
}: {
  ctx: Pick<ServiceContext, "db" | "workspace">;
  staffId: string;
  id: string;
}): Promise<{ id: string }> {
  const [row] = await ctx.db
    .delete(timeOff)
    .where(and(eq(timeOff.id, id), eq(timeOff.staffId, staffId), eq(timeOff.workspaceId, ctx.workspace.id)))
    .returning({ id: timeOff.id });
  if (!row) throw notFound("time off");
  return row;
}
