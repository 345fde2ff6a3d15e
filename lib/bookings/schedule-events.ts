import type { Queryable } from "@/lib/db/client";
import { afterCommit } from "@/lib/db/transaction";

/**
 * A booking was confirmed, moved or cancelled: recorded on its transaction, so that after
 * commit the background driver stops the reminder run for the old time and starts one for
 * the new time. The booking's sequence orders the announcements; a lost one costs only
 * precision: the cron backstop's reminder sweep sends what is due.
 */
export async function recordScheduleChanged(tx: Queryable, booking: { id: string; status: string; startsAt: Date; sequence: number }): Promise<void> {
  await afterCommit(tx, {
    type: "schedule.changed",
    bookingId: booking.id,
    startsAt: booking.status === "confirmed" ? booking.startsAt : null,
    sequence: booking.sequence,
  });
}
