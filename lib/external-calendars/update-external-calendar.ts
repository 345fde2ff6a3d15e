import { eq } from "drizzle-orm";
import type { ServiceContext } from "@/lib/context";
import { externalCalendars, type ExternalCalendarRow } from "@/lib/db/schema";
import { getExternalCalendarOrThrow } from "./get-external-calendar";
import type { UpdateExternalCalendarBody } from "./schemas";
import { syncExternalCalendar } from "./sync-external-calendar";

/**
 * Renames, turns off (`active: false` → disabled: no more syncs, its busy times still count
 * until deleted) or back on (`active: true` → synced at once, then periodically).
 */
export async function updateExternalCalendar({
  ctx,
  staffId,
  id,
  input,
}: {
  ctx: Pick<ServiceContext, "db" | "workspace" | "clock">;
  staffId: string;
  id: string;
  input: UpdateExternalCalendarBody;
}): Promise<ExternalCalendarRow> {
  const source = await getExternalCalendarOrThrow(ctx.db, ctx.workspace.id, staffId, id);
  const fields: Partial<ExternalCalendarRow> = {};
  if (input.name !== undefined) fields.name = input.name;
  if (input.active === false) Object.assign(fields, { status: "disabled", nextSyncAt: null });
  if (input.active === true && source.status === "disabled")
    Object.assign(fields, { status: "ok", failingSince: null, consecutiveFailures: 0, nextSyncAt: ctx.clock.now() });
  const [updated] = Object.keys(fields).length ? await ctx.db.update(externalCalendars).set(fields).where(eq(externalCalendars.id, id)).returning() : [];
  const row = updated ?? source;
  if (input.active === true && source.status === "disabled") return (await syncExternalCalendar(ctx, id))?.row ?? row;
  return row;
}
