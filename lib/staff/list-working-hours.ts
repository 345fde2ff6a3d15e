import { asc, desc, eq, inArray } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import type { Ctx } from "@/lib/context";
import { staff, workingHours } from "@/lib/db/schema";
import { getStaffOrThrow } from "./get-staff";
import type { StaffWorkingHours, WorkingHoursBlock } from "./schemas";
import { toWorkingHoursBlock } from "./serialize";

async function readWeeks(db: Queryable, staffIds: string[]): Promise<Map<string, WorkingHoursBlock[]>> {
  const weeks = new Map<string, WorkingHoursBlock[]>(staffIds.map((id) => [id, []]));
  if (staffIds.length === 0) return weeks;
  const rows = await db
    .select()
    .from(workingHours)
    .where(inArray(workingHours.staffId, staffIds))
    .orderBy(asc(workingHours.weekday), asc(workingHours.startMinute), asc(workingHours.endMinute));
  for (const row of rows) weeks.get(row.staffId)?.push(toWorkingHoursBlock(row));
  return weeks;
}

/** One calendar's week, ordered by weekday then start. */
export async function listWorkingHours({ ctx, staffId }: { ctx: Ctx; staffId: string }): Promise<WorkingHoursBlock[]> {
  await getStaffOrThrow(ctx.db, ctx.workspace.id, staffId);
  return (await readWeeks(ctx.db, [staffId])).get(staffId) ?? [];
}

/** Every calendar's week (active or not, newest calendar first); a calendar without hours has []. */
export async function listAllWorkingHours({ ctx }: { ctx: Ctx }): Promise<StaffWorkingHours[]> {
  const calendars = await ctx.db
    .select({ id: staff.id })
    .from(staff)
    .where(eq(staff.workspaceId, ctx.workspace.id))
    .orderBy(desc(staff.createdAt), desc(staff.id));
  const weeks = await readWeeks(
    ctx.db,
    calendars.map((row) => row.id),
  );
  return calendars.map((row) => ({ staff_id: row.id, working_hours: weeks.get(row.id) ?? [] }));
}
