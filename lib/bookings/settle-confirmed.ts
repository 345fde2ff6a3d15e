import { eq } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { bookings, type BookingRow } from "@/lib/db/schema";
import type { KnownBookingDetailsAndPayment } from "@/lib/booking-details/load-booking-details";
import { queueBookingMessages } from "@/lib/notifications/queue-booking-messages";
import { assertBookingConfirmationAllowed } from "@/lib/plans/booking-allowance";
import { afterCommit } from "@/lib/db/transaction";
import { recordBookingEvent } from "@/lib/webhooks/record-booking-event";
import { recordScheduleChanged } from "./schedule-events";

/**
 * A held booking (pending or awaiting_payment, hold alive, row locked by the caller) becomes
 * confirmed: it counts against the plan allowance (may refuse with 402), leaves its hold,
 * and is announced; its hold ends after commit. Used by verify, confirm, and the payment flow.
 */
export async function confirmHeldBooking(
  tx: Queryable,
  input: { booking: BookingRow; accountId: string; now: Date; messages?: ConfirmationMessages },
): Promise<BookingRow> {
  await assertBookingConfirmationAllowed(tx, { accountId: input.accountId, now: input.now });
  const [row] = await tx
    .update(bookings)
    .set({ status: "confirmed", confirmedAt: input.now, holdExpiresAt: null, codeHash: null, updatedAt: input.now })
    .where(eq(bookings.id, input.booking.id))
    .returning();
  await afterCommit(tx, { type: "hold.settled", bookingId: input.booking.id });
  return announceConfirmed(tx, { booking: row!, now: input.now, messages: input.messages });
}

/**
 * Which confirmation a booking sends as it is announced: its own (a single booking); none, when it is
 * a series' later occurrence (the series' one message lists it); or, for a series' first occurrence,
 * the one message listing every occurrence confirmed with it (docs/series-and-waitlists.md#series).
 */
export type ConfirmationMessages = "own" | "none" | { series: readonly BookingRow[] };

/**
 * docs/decisions.md#bookings: booking.created goes out when a booking first becomes confirmed (never for
 * a hold that does not confirm), with the customer's confirmation message.
 */
export async function announceConfirmed(
  tx: Queryable,
  input: {
    booking: BookingRow;
    now: Date;
    /** Inserted confirmed just now, with the rest of its details and its payment as the create holds them: announced in its insert. */
    created?: Omit<KnownBookingDetailsAndPayment, "booking">;
    messages?: ConfirmationMessages;
  },
): Promise<BookingRow> {
  let booking = input.booking;
  const known = input.created && { ...input.created, booking };
  const event = { workspaceId: booking.workspaceId, type: "booking.created", bookingId: booking.id, known, now: input.now } as const;
  // The business hears of the booking with its booking.created: once (docs/business-notifications.md).
  const isFirstAnnouncement = Boolean(input.created) || !booking.isAnnounced;
  const messages = input.messages ?? "own";
  const message = {
    kind: "confirmation",
    bookingId: booking.id,
    known,
    business: isFirstAnnouncement ? ({ event: "confirmed" } as const) : undefined,
    series: typeof messages === "object" ? messages.series : undefined,
    now: input.now,
  } as const;
  const queue = () => (messages === "none" ? Promise.resolve() : queueBookingMessages(tx, message));
  if (input.created) {
    // Independent writes, sent side by side: their reads share round trips.
    await Promise.all([recordBookingEvent(tx, event), queue()]);
  } else {
    if (!booking.isAnnounced) {
      await recordBookingEvent(tx, event);
      [booking] = (await tx.update(bookings).set({ isAnnounced: true }).where(eq(bookings.id, booking.id)).returning()) as [BookingRow];
    }
    await queue();
  }
  await recordScheduleChanged(tx, booking);
  return booking;
}
