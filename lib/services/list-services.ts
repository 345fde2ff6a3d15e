import { and, eq } from "drizzle-orm";
import type { ServiceContext } from "@/lib/context";
import { services } from "@/lib/db/schema";
import { pageClauses, toPage, type Page, type PageResult } from "@/lib/db/pagination";
import { listStaffIdsByService } from "./get-service";
import type { ServiceListItem } from "./schemas";
import { toServiceListItem } from "./serialize";

/** Every service of the workspace (active or not), newest first, with category and calendars. */
export async function listServices({ ctx, page }: { ctx: Pick<ServiceContext, "db" | "workspace">; page: Page }): Promise<PageResult<ServiceListItem>> {
  const { where, orderBy } = pageClauses(services, page);
  const rows = await ctx.db
    .select()
    .from(services)
    .where(and(eq(services.workspaceId, ctx.workspace.id), where))
    .orderBy(...orderBy)
    .limit(page.limit + 1);
  const staffIds = await listStaffIdsByService(
    ctx.db,
    rows.slice(0, page.limit).map((row) => row.id),
  );
  return toPage(rows, page, (row) => toServiceListItem(row, staffIds.get(row.id) ?? []));
}
