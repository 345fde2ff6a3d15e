import { and, eq } from "drizzle-orm";
import type { ServiceContext } from "@/lib/context";
import { timeOff, type TimeOffRow } from "@/lib/db/schema";
import { pageClauses, toPage, type Page, type PageResult } from "@/lib/db/pagination";
import { getStaffOrThrow } from "./get-staff";
import type { TimeOff } from "./schemas";
import { toTimeOff } from "./serialize";

/** A calendar's time off, newest first (by creation, like every list). */
export async function listTimeOff({
  ctx,
  staffId,
  page,
}: {
  ctx: Pick<ServiceContext, "db" | "workspace">;
  staffId: string;
  page: Page;
}): Promise<PageResult<TimeOff>> {
  await getStaffOrThrow(ctx.db, ctx.workspace.id, staffId);
  const { where, orderBy } = pageClauses(timeOff, page);
  const rows: TimeOffRow[] = await ctx.db
    .select()
    .from(timeOff)
    .where(and(eq(timeOff.workspaceId, ctx.workspace.id), eq(timeOff.staffId, staffId), where))
    .orderBy(...orderBy)
    .limit(page.limit + 1);
  return toPage(rows, page, (row) => toTimeOff(row, ctx.workspace.timezone));
}
