import { and, asc, eq } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { bookings, type BookingRow } from "@/lib/db/schema";

/** A series' occurrences on this workspace, first to last (another workspace's series has none). */
export async function listSeriesBookings(db: Queryable, scope: { workspaceId: string; seriesId: string }): Promise<BookingRow[]> {
  return db
    .select()
    .from(bookings)
    .where(and(eq(bookings.workspaceId, scope.workspaceId), eq(bookings.seriesId, scope.seriesId)))
    .orderBy(asc(bookings.startsAt));
}
