import { and, eq, gt, gte, inArray, lt } from "drizzle-orm";
import type { Tx } from "@/lib/db/client";
import { bookings, externalConflicts, type ExternalCalendarRow } from "@/lib/db/schema";
import { recordBookingEvent } from "@/lib/webhooks/record-booking-event";
import type { StoredBusy } from "./store-busy-times";

/**
 * A sync brought busy intervals the calendar did not have: each that overlaps a future
 * pending or confirmed booking of the calendar is announced as booking.external_conflict,
 * once per booking and interval (external_conflicts remembers it). Nothing is cancelled or
 * moved: the business decides.
 */
export async function noticeConflicts(tx: Tx, source: ExternalCalendarRow, added: StoredBusy[], now: Date): Promise<void> {
  const future = added.filter((busy) => busy.endMs > now.getTime());
  if (future.length === 0) return;
  const fromMs = Math.max(now.getTime(), Math.min(...future.map((busy) => busy.startMs)));
  const toMs = Math.max(...future.map((busy) => busy.endMs));
  const booked = await tx
    .select({ id: bookings.id, startsAt: bookings.startsAt, endsAt: bookings.endsAt })
    .from(bookings)
    .where(
      and(
        eq(bookings.staffId, source.staffId),
        eq(bookings.workspaceId, source.workspaceId),
        inArray(bookings.status, ["pending", "confirmed"]),
        gte(bookings.startsAt, now),
        lt(bookings.startsAt, new Date(toMs)),
        gt(bookings.endsAt, new Date(fromMs)),
      ),
    );
  for (const booking of booked) {
    for (const busy of future) {
      if (busy.startMs >= booking.endsAt.getTime() || busy.endMs <= booking.startsAt.getTime()) continue;
      const startsAt = new Date(busy.startMs);
      const endsAt = new Date(busy.endMs);
      const [fresh] = await tx
        .insert(externalConflicts)
        .values({ bookingId: booking.id, externalCalendarId: source.id, startsAt, endsAt, createdAt: now })
        .onConflictDoNothing()
        .returning({ bookingId: externalConflicts.bookingId });
      if (!fresh) continue;
      await recordBookingEvent(tx, {
        workspaceId: source.workspaceId,
        type: "booking.external_conflict",
        bookingId: booking.id,
        conflict: { externalCalendarId: source.id, startsAt, endsAt },
        now,
      });
    }
  }
}
