import { eq } from "drizzle-orm";
import type { ServiceContext } from "@/lib/context";
import { staff, type StaffRow } from "@/lib/db/schema";
import { assertCalendarCapacity } from "./assert-calendar-capacity";
import { getStaffOrThrow } from "./get-staff";
import type { UpdateStaffBody } from "./schemas";
import { withTransaction } from "@/lib/db/transaction";

/**
 * Partial update of name, title, bio and active. Re-activating a calendar counts against the
 * plan's calendar cap exactly like creating one (402, dimension staff).
 */
export async function updateStaff({
  ctx,
  id,
  input,
}: {
  ctx: Pick<ServiceContext, "db" | "workspace" | "clock">;
  id: string;
  input: UpdateStaffBody;
}): Promise<StaffRow> {
  return withTransaction(ctx, async (tx) => {
    const current = await getStaffOrThrow(tx, ctx.workspace.id, id, { forUpdate: true });
    const changes: Partial<StaffRow> = {};
    if (input.name !== undefined) changes.name = input.name;
    if (input.title !== undefined) changes.title = input.title;
    if (input.bio !== undefined) changes.bio = input.bio;
    if (input.active !== undefined && input.active !== current.active) {
      if (input.active) await assertCalendarCapacity(tx, ctx.workspace.accountId);
      changes.active = input.active;
    }
    if (Object.keys(changes).length === 0) return current;
    const [row] = await tx
      .update(staff)
      .set({ ...changes, updatedAt: ctx.clock.now() })
      .where(eq(staff.id, current.id))
      .returning();
    return row!;
  });
}
