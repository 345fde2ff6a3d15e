import { and, eq } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { loadBookingDetails } from "@/lib/booking-details/load-booking-details";
import { payments } from "@/lib/db/schema";
import { findPublishableKey } from "@/lib/api-keys/find-publishable-key";
import { listSeriesBookings } from "@/lib/bookings/series-bookings";
import type { PublicBookingRows } from "./serialize";

/** Everything the public read shows about one booking (found by id, after its token was checked). */
export async function loadPublicBookingRows(db: Queryable, bookingId: string): Promise<PublicBookingRows> {
  const row = await loadBookingDetails(db, { bookingId });
  if (!row) throw new Error(`loadPublicBookingRows: booking ${bookingId} vanished`);
  const seriesId = row.booking.seriesId;
  const [[payment], publishableKey, series] = await Promise.all([
    db
      .select()
      .from(payments)
      .where(and(eq(payments.bookingId, bookingId), eq(payments.workspaceId, row.workspace.id))),
    findPublishableKey(db, row.workspace.id),
    seriesId ? listSeriesBookings(db, { workspaceId: row.workspace.id, seriesId }) : Promise.resolve([]),
  ]);
  return { ...row, payment: payment ?? null, publishableKey, series };
}
