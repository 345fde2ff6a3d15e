import { and, eq } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { calendarFeeds, type WorkspaceRow } from "@/lib/db/schema";
import { getStaffOrThrow } from "@/lib/staff/get-staff";

/** Turns the calendar's feed off (its URL answers 404); a calendar without one answers the same. */
export async function deleteCalendarFeed({
  ctx,
  staffId,
}: {
  ctx: { db: Queryable; workspace: Pick<WorkspaceRow, "id"> };
  staffId: string;
}): Promise<{ id: string }> {
  await getStaffOrThrow(ctx.db, ctx.workspace.id, staffId);
  await ctx.db.delete(calendarFeeds).where(and(eq(calendarFeeds.staffId, staffId), eq(calendarFeeds.workspaceId, ctx.workspace.id)));
  return { id: staffId };
}
