import { eq } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { availabilityRevisions } from "@/lib/db/schema";

/**
 * What a request read of the workspace's availability revisions, before any data
 * (lib/db/schema/availability-revisions.ts): the workspace's, which moves with what every
 * calendar depends on, and each calendar's, which moves with what only that calendar's slots
 * depend on (its bookings, hours, time off, external busy times).
 */
export type AvailabilityRevision = { workspace: number; calendars: Readonly<Record<string, number>> };

export const NO_REVISION: AvailabilityRevision = { workspace: 0, calendars: {} };

/** A calendar's revision as cache entries carry it (lib/cache/cache.ts): 0 until its first change. */
export function calendarRevision(revision: AvailabilityRevision, staffId: string): string {
  return String(revision.calendars[staffId] ?? 0);
}

/** The row's two columns as the authentication statement reads them (bigint and jsonb, as text or parsed). */
export function toAvailabilityRevision(workspace: unknown, calendars: unknown): AvailabilityRevision {
  const parsed = typeof calendars === "string" ? (JSON.parse(calendars) as Record<string, number>) : ((calendars ?? {}) as Record<string, number>);
  return { workspace: workspace === null || workspace === undefined ? 0 : Number(workspace), calendars: parsed };
}

/** The workspace's revisions, for a caller that has not read them with its key. */
export async function readAvailabilityRevision(db: Queryable, workspaceId: string): Promise<AvailabilityRevision> {
  const [row] = await db
    .select({ revision: availabilityRevisions.revision, calendars: availabilityRevisions.calendars })
    .from(availabilityRevisions)
    .where(eq(availabilityRevisions.workspaceId, workspaceId));
  return row ? toAvailabilityRevision(row.revision, row.calendars) : NO_REVISION;
}
