import { bookingHoldPlaced, bookingHoldSettled, inngest, isInngestEnabled } from "@/lib/jobs/inngest-client";
import { toUtcIso } from "@/lib/time/zoned";

/**
 * Tells Inngest (when configured) that a hold was committed or has ended, after the commit.
 * A lost event costs nothing in correctness: expiry is lazy, and the cron backstop sweeps
 * lapsed holds; so a failure to send is logged, never thrown at the caller.
 */
export async function announceHoldPlaced(booking: { id: string; holdExpiresAt: Date | null }): Promise<void> {
  if (!booking.holdExpiresAt || !isInngestEnabled()) return;
  const data = { bookingId: booking.id, holdExpiresAt: toUtcIso(booking.holdExpiresAt) };
  await send(() => inngest.send(bookingHoldPlaced.create(data, { id: `hold-placed:${booking.id}:${data.holdExpiresAt}` })));
}

export async function announceHoldSettled(bookingId: string): Promise<void> {
  if (!isInngestEnabled()) return;
  await send(() => inngest.send(bookingHoldSettled.create({ bookingId })));
}

async function send(deliver: () => Promise<unknown>): Promise<void> {
  try {
    await deliver();
  } catch (error) {
    console.error("inngest: hold event not sent; the hold-expiry sweep covers it", error);
  }
}
