import { and, asc, eq } from "drizzle-orm";
import type { ServiceContext } from "@/lib/context";
import { externalCalendars } from "@/lib/db/schema";
import { getStaffOrThrow } from "@/lib/staff/get-staff";
import type { ExternalCalendar } from "./schemas";
import { toExternalCalendar } from "./serialize";

/** A calendar's external calendars (at most 10), oldest first. */
export async function listExternalCalendars({
  ctx,
  staffId,
}: {
  ctx: Pick<ServiceContext, "db" | "workspace">;
  staffId: string;
}): Promise<{ data: ExternalCalendar[] }> {
  await getStaffOrThrow(ctx.db, ctx.workspace.id, staffId);
  const rows = await ctx.db
    .select()
    .from(externalCalendars)
    .where(and(eq(externalCalendars.staffId, staffId), eq(externalCalendars.workspaceId, ctx.workspace.id)))
    .orderBy(asc(externalCalendars.createdAt), asc(externalCalendars.id));
  return { data: rows.map(toExternalCalendar) };
}
