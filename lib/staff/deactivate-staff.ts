import { and, eq } from "drizzle-orm";
import type { ServiceContext } from "@/lib/context";
import { staff, type StaffRow } from "@/lib/db/schema";
import { notFound } from "@/lib/errors";

/**
 * DELETE /v1/staff/{id}: the calendar is deactivated, never erased (bookings, hours and time
 * off keep pointing at it). It stops offering slots and leaves the booking pages. Idempotent.
 */
export async function deactivateStaff({ ctx, id }: { ctx: Pick<ServiceContext, "db" | "workspace" | "clock">; id: string }): Promise<StaffRow> {
  const [row] = await ctx.db
    .update(staff)
    .set({ active: false, updatedAt: ctx.clock.now() })
    .where(and(eq(staff.id, id), eq(staff.workspaceId, ctx.workspace.id)))
    .returning();
  if (!row) throw notFound("calendar");
  return row;
}
