import { bookingScheduleChanged, inngest, isInngestEnabled } from "@/lib/jobs/inngest-client";
import { toUtcIso } from "@/lib/time/zoned";

/**
 * After a booking was confirmed, moved or cancelled (after commit): tells Inngest, when
 * configured, so the reminder run for the old time stops and one for the new time starts.
 * The event id carries the booking's sequence, so a repeat is absorbed. A lost event costs
 * only precision: the cron backstop's reminder sweep sends what is due. So a failure is
 * logged, never thrown at the caller.
 */
export async function announceScheduleChanged(booking: { id: string; status: string; startsAt: Date; sequence: number }): Promise<void> {
  if (!isInngestEnabled()) return;
  const data = { bookingId: booking.id, startsAt: booking.status === "confirmed" ? toUtcIso(booking.startsAt) : null, sequence: booking.sequence };
  try {
    await inngest.send(bookingScheduleChanged.create(data, { id: `booking-schedule:${booking.id}:${booking.sequence}:${data.startsAt ?? "off"}` }));
  } catch (error) {
    console.error("inngest: booking schedule event not sent; the reminder sweep covers it", error);
  }
}
