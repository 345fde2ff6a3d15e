import { and, eq } from "drizzle-orm";
import { auditEvents, type AuditEventRow } from "@/lib/db/schema";
import { pageClauses, toPage, type PageResult } from "@/lib/db/pagination";
import { DEFAULT_PAGE_SIZE } from "@/lib/schemas";
import type { ServiceContext } from "@/lib/context";
import type { AuditEvent, ListAuditEventsQuery } from "./schemas";
import { toAuditEvent } from "./serialize";

type Ctx = Pick<ServiceContext, "db" | "workspace">;

/** GET /v1/audit-events: the workspace's writes, newest first (ties by id), one page after `cursor`. */
export async function listAuditEvents({ ctx, query }: { ctx: Ctx; query: ListAuditEventsQuery }): Promise<PageResult<AuditEvent>> {
  const page = { limit: query.limit ?? DEFAULT_PAGE_SIZE, cursor: query.cursor };
  const { where, orderBy } = pageClauses({ createdAt: auditEvents.createdAt, id: auditEvents.id }, page);
  const rows: AuditEventRow[] = await ctx.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.workspaceId, ctx.workspace.id), query.target_id ? eq(auditEvents.targetId, query.target_id) : undefined, where))
    .orderBy(...orderBy)
    .limit(page.limit + 1);
  return toPage(rows, page, toAuditEvent);
}
