import type { ServiceContext } from "@/lib/context";
import { staff, type StaffRow } from "@/lib/db/schema";
import { assertCalendarCapacity } from "./assert-calendar-capacity";
import type { CreateStaffBody } from "./schemas";
import { withTransaction } from "@/lib/db/transaction";

/** A new calendar is active and offers no service (and has no hours) until set up. */
export async function createStaff({ ctx, input }: { ctx: Pick<ServiceContext, "db" | "workspace" | "clock">; input: CreateStaffBody }): Promise<StaffRow> {
  const now = ctx.clock.now();
  return withTransaction(ctx, async (tx) => {
    await assertCalendarCapacity(tx, ctx.workspace.accountId);
    const [row] = await tx
      .insert(staff)
      .values({ workspaceId: ctx.workspace.id, name: input.name, title: input.title ?? null, bio: input.bio ?? null, createdAt: now, updatedAt: now })
      .returning();
    return row!;
  });
}
