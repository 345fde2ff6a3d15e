import { and, eq } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { externalCalendars, type ExternalCalendarRow } from "@/lib/db/schema";
import { notFound } from "@/lib/errors";

/** An external calendar of this workspace's calendar; anyone else's is simply not found. */
export async function getExternalCalendarOrThrow(db: Queryable, workspaceId: string, staffId: string, id: string): Promise<ExternalCalendarRow> {
  const [row] = await db
    .select()
    .from(externalCalendars)
    .where(and(eq(externalCalendars.id, id), eq(externalCalendars.staffId, staffId), eq(externalCalendars.workspaceId, workspaceId)));
  if (!row) throw notFound("external calendar");
  return row;
}
