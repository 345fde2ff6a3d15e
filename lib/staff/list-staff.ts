import { and, eq } from "drizzle-orm";
import type { ServiceContext } from "@/lib/context";
import { staff, type StaffRow } from "@/lib/db/schema";
import { pageClauses, toPage, type Page, type PageResult } from "@/lib/db/pagination";
import type { Staff } from "./schemas";
import { toStaff } from "./serialize";

/** Every calendar of the workspace, active or not, newest first. */
export async function listStaff({ ctx, page }: { ctx: Pick<ServiceContext, "db" | "workspace">; page: Page }): Promise<PageResult<Staff>> {
  const { where, orderBy } = pageClauses(staff, page);
  const rows: StaffRow[] = await ctx.db
    .select()
    .from(staff)
    .where(and(eq(staff.workspaceId, ctx.workspace.id), where))
    .orderBy(...orderBy)
    .limit(page.limit + 1);
  return toPage(rows, page, toStaff);
}
