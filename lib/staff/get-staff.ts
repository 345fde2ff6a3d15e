import { and, eq } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { staff, type StaffRow } from "@/lib/db/schema";
import { notFound } from "@/lib/errors";

/** A calendar of this workspace; another workspace's is simply not found. */
export async function getStaffOrThrow(db: Queryable, workspaceId: string, id: string, options: { forUpdate?: boolean } = {}): Promise<StaffRow> {
  const query = db
    .select()
    .from(staff)
    .where(and(eq(staff.id, id), eq(staff.workspaceId, workspaceId)));
  const [row] = options.forUpdate ? await query.for("update") : await query;
  if (!row) throw notFound("calendar");
  return row;
}
