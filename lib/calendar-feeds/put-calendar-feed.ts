import { getConfig } from "@/lib/config";
import type { Queryable } from "@/lib/db/client";
import { calendarFeeds, type WorkspaceRow } from "@/lib/db/schema";
import { randomBase62, sha256Hex } from "@/lib/secrets/tokens";
import { getStaffOrThrow } from "@/lib/staff/get-staff";
import type { CalendarFeed } from "./schemas";

export const FEED_TOKEN_LENGTH = 43;

/**
 * docs/decisions.md#calendar-feeds: makes the calendar's secret feed, or replaces it (the old URL stops working
 * at once). The token is shown once, in the URL; only its hash is kept.
 */
export async function putCalendarFeed({
  ctx,
  staffId,
}: {
  ctx: { db: Queryable; workspace: Pick<WorkspaceRow, "id">; clock: { now(): Date } };
  staffId: string;
}): Promise<CalendarFeed> {
  await getStaffOrThrow(ctx.db, ctx.workspace.id, staffId);
  const token = randomBase62(FEED_TOKEN_LENGTH);
  const tokenHash = sha256Hex(token);
  await ctx.db
    .insert(calendarFeeds)
    .values({ workspaceId: ctx.workspace.id, staffId, tokenHash, createdAt: ctx.clock.now() })
    .onConflictDoUpdate({ target: calendarFeeds.staffId, set: { tokenHash, createdAt: ctx.clock.now() } });
  return { url: `${getConfig().appUrl}/feeds/${token}.ics` };
}
