import { and, asc, eq, inArray } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { serviceStaff, services, staff, type ServiceRow } from "@/lib/db/schema";
import { notFound } from "@/lib/errors";
import type { ServiceContext } from "@/lib/context";

/** A service of this workspace; another workspace's is simply not found. */
export async function getServiceOrThrow(db: Queryable, workspaceId: string, id: string, options: { forUpdate?: boolean } = {}): Promise<ServiceRow> {
  const query = db
    .select()
    .from(services)
    .where(and(eq(services.id, id), eq(services.workspaceId, workspaceId)));
  const [row] = options.forUpdate ? await query.for("update") : await query;
  if (!row) throw notFound("service");
  return row;
}

/** The calendars offering each service, in calendar creation order. */
export async function listStaffIdsByService(db: Queryable, serviceIds: string[]): Promise<Map<string, string[]>> {
  const byService = new Map<string, string[]>(serviceIds.map((id) => [id, []]));
  if (serviceIds.length === 0) return byService;
  const links = await db
    .select({ serviceId: serviceStaff.serviceId, staffId: serviceStaff.staffId })
    .from(serviceStaff)
    .innerJoin(staff, eq(staff.id, serviceStaff.staffId))
    .where(inArray(serviceStaff.serviceId, serviceIds))
    .orderBy(asc(staff.createdAt), asc(staff.id));
  for (const link of links) byService.get(link.serviceId)?.push(link.staffId);
  return byService;
}

/** One service with its category and calendars (the list item shape). */
export async function getService({ ctx, id }: { ctx: Pick<ServiceContext, "db" | "workspace">; id: string }): Promise<{ row: ServiceRow; staffIds: string[] }> {
  const row = await getServiceOrThrow(ctx.db, ctx.workspace.id, id);
  const staffIds = await listStaffIdsByService(ctx.db, [row.id]);
  return { row, staffIds: staffIds.get(row.id) ?? [] };
}
