import { eq } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { availabilityRevisions } from "@/lib/db/schema";

/**
 * The workspace's availability revision: a new value is committed with every change to what
 * availability reads (triggers, migration 0004), so two equal reads saw the same data. 0 until
 * the workspace's first such change.
 */
export async function readAvailabilityRevision(db: Queryable, workspaceId: string): Promise<number> {
  const [row] = await db
    .select({ revision: availabilityRevisions.revision })
    .from(availabilityRevisions)
    .where(eq(availabilityRevisions.workspaceId, workspaceId));
  return row?.revision ?? 0;
}
