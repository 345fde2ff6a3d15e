import { and, asc, isNull, lt, lte, ne, or } from "drizzle-orm";
import type { JobContext } from "@/lib/context";
import { externalCalendars } from "@/lib/db/schema";
import { syncExternalCalendar } from "./sync-external-calendar";

/** Sources read at once by one sweep: each read is I/O-bound and cut off at 15 s. */
const PARALLEL_SYNCS = 8;

/**
 * The periodic sync: every source whose next sync is due (EXTERNAL_CALENDAR_SYNC_MINUTES after
 * its last good one, or its back-off after a failure) and that no other instance holds. Each
 * is claimed on its row before it is read, so two instances never sync the same source.
 * Answers how many sources were synced.
 */
export async function syncDueExternalCalendars(ctx: Pick<JobContext, "db" | "clock">, options: { limit: number }): Promise<number> {
  const now = ctx.clock.now();
  const due = await ctx.db
    .select({ id: externalCalendars.id })
    .from(externalCalendars)
    .where(
      and(
        lte(externalCalendars.nextSyncAt, now),
        ne(externalCalendars.status, "disabled"),
        or(isNull(externalCalendars.claimedUntil), lt(externalCalendars.claimedUntil, now)),
      ),
    )
    .orderBy(asc(externalCalendars.nextSyncAt))
    .limit(options.limit);
  let synced = 0;
  for (let i = 0; i < due.length; i += PARALLEL_SYNCS) {
    const outcomes = await Promise.all(due.slice(i, i + PARALLEL_SYNCS).map((row) => syncExternalCalendar(ctx, row.id)));
    synced += outcomes.filter((outcome) => outcome?.synced).length;
  }
  return synced;
}
