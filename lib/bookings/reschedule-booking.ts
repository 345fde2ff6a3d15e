import { and, eq, sql } from "drizzle-orm";
import type { ServiceContext } from "@/lib/context";
import type { Tx } from "@/lib/db/client";
import { bookings, services, type BookingRow } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors";
import { queueBookingMessages } from "@/lib/notifications/queue-booking-messages";
import { recordBookingEvent } from "@/lib/webhooks/record-booking-event";
import { assertCustomerMayMoveTo, assertCustomerMayReschedule } from "./customer-policy";
import { getBookingOrThrow, lockBookingOrThrow } from "./get-booking";
import { effectiveStatus } from "./serialize";
import { bookingTimes, expireLapsedHoldsOverlapping, occupyFirstFree } from "./occupy-slot";
import { resolveCalendars } from "./resolve-calendars";
import { withTransaction } from "@/lib/db/transaction";
import { recordScheduleChanged } from "./schedule-events";
import { sessionIdFor } from "./sessions";

export type RescheduleBookingInput = {
  bookingId: string;
  startsAt: Date;
  /** Absent or null keeps the calendar. */
  staffId?: string | null;
};

export const bookingNotConfirmed = () => new DomainError("booking_not_confirmed", "Only a confirmed booking can be rescheduled.");

/**
 * Moves a confirmed booking to another open slot (the booking itself does not block it),
 * keeping its id and, unless another is named, its calendar. The new time is checked like a
 * new booking's under the service's current rules; the exclusion constraint decides races
 * (409). Emits booking.rescheduled with previous_starts_at and tells the customer. Shared by
 * POST /v1/bookings/{id}/reschedule and the customer's token route: a secret key moves any
 * confirmed booking, a customer only before the notice cutoff.
 */
export async function rescheduleBooking({ ctx, input }: { ctx: ServiceContext; input: RescheduleBookingInput }): Promise<BookingRow> {
  const now = ctx.clock.now();
  const { workspace } = ctx;
  const isCustomer = ctx.actor.type === "customer";
  const current = await getBookingOrThrow({ ctx, id: input.bookingId });
  const [service] = await ctx.db
    .select()
    .from(services)
    .where(and(eq(services.id, current.serviceId), eq(services.workspaceId, workspace.id)));
  assertMayMove(current, service!.minCancelNoticeMinutes, isCustomer, now);

  const staffIds = await resolveCalendars({
    db: ctx.db,
    workspace,
    service: service!,
    startsAt: input.startsAt,
    now,
    requester: isCustomer ? "customer" : "sk",
    staffId: input.staffId,
    keepStaffId: current.staffId,
    excludeBookingId: current.id,
  });
  // After the slot checks: a time that is not offered at all (past, outside hours) is refused as such first.
  if (isCustomer) assertCustomerMayMoveTo({ startsAt: input.startsAt, minCancelNoticeMinutes: service!.minCancelNoticeMinutes, now });

  const moved = await withTransaction(ctx, async (tx) => {
    // Re-read under lock: the booking may have changed since the check above.
    const booking = await lockBookingOrThrow(tx, { workspaceId: workspace.id, id: current.id });
    assertMayMove(booking, service!.minCancelNoticeMinutes, isCustomer, now);
    const times = bookingTimes(input.startsAt, service!);
    const row = await occupyFirstFree(tx, staffIds, times, (savepoint, staffId) =>
      moveBooking(savepoint, booking.id, staffId, times, now, sessionIdFor(service!, staffId, input.startsAt)),
    );
    await recordBookingEvent(tx, { workspaceId: workspace.id, type: "booking.rescheduled", bookingId: booking.id, previousStartsAt: booking.startsAt, now });
    await queueBookingMessages(tx, { kind: "reschedule", bookingId: booking.id, previousStartsAt: booking.startsAt, business: { event: "moved" }, now });
    await recordScheduleChanged(tx, row);
    return row;
  });
  return moved;
}

function assertMayMove(booking: BookingRow, minCancelNoticeMinutes: number, isCustomer: boolean, now: Date): void {
  if (isCustomer) return assertCustomerMayReschedule({ booking, minCancelNoticeMinutes, now });
  if (effectiveStatus(booking, now) !== "confirmed") throw bookingNotConfirmed();
}

/** `sessionId`: the group session at the new start (one attendee moves; docs/group-sessions.md), null for capacity 1. */
async function moveBooking(
  tx: Tx,
  id: string,
  staffId: string,
  times: ReturnType<typeof bookingTimes>,
  now: Date,
  sessionId: string | null,
): Promise<BookingRow> {
  await expireLapsedHoldsOverlapping(tx, { staffId, times, now });
  // A move is a new revision of the calendar entry (SEQUENCE + 1) and restarts the reminders' count.
  const [row] = await tx
    .update(bookings)
    .set({ ...times, staffId, sessionId, updatedAt: now, rescheduledAt: now, sequence: sql`${bookings.sequence} + 1` })
    .where(eq(bookings.id, id))
    .returning();
  return row!;
}
