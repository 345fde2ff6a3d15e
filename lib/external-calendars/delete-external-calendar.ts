import { eq } from "drizzle-orm";
import type { ServiceContext } from "@/lib/context";
import { externalCalendars } from "@/lib/db/schema";
import { withTransaction } from "@/lib/db/transaction";
import { getExternalCalendarOrThrow } from "./get-external-calendar";

/** Disconnects a source: its busy times (deleted with it) stop counting at once. */
export async function deleteExternalCalendar({
  ctx,
  staffId,
  id,
}: {
  ctx: Pick<ServiceContext, "db" | "workspace">;
  staffId: string;
  id: string;
}): Promise<{ id: string }> {
  return withTransaction(ctx, async (tx) => {
    const source = await getExternalCalendarOrThrow(tx, ctx.workspace.id, staffId, id);
    await tx.delete(externalCalendars).where(eq(externalCalendars.id, source.id));
    return { id: source.id };
  });
}
