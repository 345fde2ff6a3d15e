import type { ServiceContext } from "@/lib/context";
import type { ExternalCalendarRow } from "@/lib/db/schema";
import { getExternalCalendarOrThrow } from "./get-external-calendar";
import { syncExternalCalendar } from "./sync-external-calendar";

/**
 * POST …/sync: the source is read now (a failure shows as status failing with last_error,
 * not as an error of this request). While another instance is syncing it, answers the
 * source as it stands.
 */
export async function syncNow({
  ctx,
  staffId,
  id,
}: {
  ctx: Pick<ServiceContext, "db" | "workspace" | "clock">;
  staffId: string;
  id: string;
}): Promise<ExternalCalendarRow> {
  const source = await getExternalCalendarOrThrow(ctx.db, ctx.workspace.id, staffId, id);
  return (await syncExternalCalendar(ctx, id))?.row ?? source;
}
