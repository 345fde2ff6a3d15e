import { count } from "drizzle-orm";
import type { BaseContext } from "@/lib/context";
import { externalCalendars } from "@/lib/db/schema";

/** Every workspace's external calendars by status (ok, failing, disabled), for GET /metrics. */
export async function countExternalCalendarsByStatus(ctx: Pick<BaseContext, "db">): Promise<Record<string, number>> {
  const rows = await ctx.db.select({ status: externalCalendars.status, count: count() }).from(externalCalendars).groupBy(externalCalendars.status);
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));
}
