import { and, eq, inArray } from "drizzle-orm";
import type { ServiceContext } from "@/lib/context";
import { serviceStaff, staff } from "@/lib/db/schema";
import { validationFailed } from "@/lib/errors";
import { getServiceOrThrow } from "./get-service";
import { withTransaction } from "@/lib/db/transaction";

/**
 * Replaces the whole set of calendars offering a service, in one transaction that holds the
 * service row (two concurrent replacements end as one of them, never a mix). Inactive
 * calendars may be listed; they simply offer nothing while inactive. Duplicates collapse.
 */
export async function setServiceStaff({
  ctx,
  id,
  staffIds,
}: {
  ctx: Pick<ServiceContext, "db" | "workspace">;
  id: string;
  staffIds: string[];
}): Promise<string[]> {
  const wanted = [...new Set(staffIds)];
  return withTransaction(ctx, async (tx) => {
    await getServiceOrThrow(tx, ctx.workspace.id, id, { forUpdate: true });
    if (wanted.length > 0) {
      const found = await tx
        .select({ id: staff.id })
        .from(staff)
        .where(and(eq(staff.workspaceId, ctx.workspace.id), inArray(staff.id, wanted)));
      const known = new Set(found.map((row) => row.id));
      const missing = staffIds.findIndex((staffId) => !known.has(staffId));
      if (missing !== -1) throw validationFailed(`staff_ids.${missing}`, `staff_ids.${missing}: no calendar ${staffIds[missing]} in this workspace.`);
    }
    await tx.delete(serviceStaff).where(eq(serviceStaff.serviceId, id));
    if (wanted.length > 0) {
      await tx.insert(serviceStaff).values(wanted.map((staffId) => ({ workspaceId: ctx.workspace.id, serviceId: id, staffId })));
    }
    return wanted;
  });
}
