import { eq } from "drizzle-orm";
import type { ServiceContext } from "@/lib/context";
import { workingHours } from "@/lib/db/schema";
import { getStaffOrThrow } from "./get-staff";
import type { WorkingHoursBlock } from "./schemas";
import { checkWorkingHours, compareBlocks } from "./working-hours-rules";
import { withTransaction } from "@/lib/db/transaction";

/**
 * Replaces a calendar's whole weekly schedule in one transaction that holds the calendar row:
 * omitted blocks are erased, an empty week clears it. Readers never see a half-written week.
 */
export async function setWorkingHours({
  ctx,
  staffId,
  blocks,
}: {
  ctx: Pick<ServiceContext, "db" | "workspace">;
  staffId: string;
  blocks: WorkingHoursBlock[];
}): Promise<WorkingHoursBlock[]> {
  return withTransaction(ctx, async (tx) => {
    await getStaffOrThrow(tx, ctx.workspace.id, staffId, { forUpdate: true });
    checkWorkingHours(blocks);
    const week = [...blocks].sort(compareBlocks);
    await tx.delete(workingHours).where(eq(workingHours.staffId, staffId));
    if (week.length > 0) {
      await tx.insert(workingHours).values(
        week.map((block) => ({
          workspaceId: ctx.workspace.id,
          staffId,
          weekday: block.weekday,
          startMinute: block.start_minute,
          endMinute: block.end_minute,
        })),
      );
    }
    return week.map((block) => ({ weekday: block.weekday, start_minute: block.start_minute, end_minute: block.end_minute }));
  });
}
