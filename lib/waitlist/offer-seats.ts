import { and, asc, eq, inArray, lte } from "drizzle-orm";
import { insertBooking } from "@/lib/bookings/create-booking";
import { minutesAfter } from "@/lib/bookings/holds";
import { bookingTimes, isSlotConflict, lockCalendarRange } from "@/lib/bookings/occupy-slot";
import { sessionIdFor } from "@/lib/bookings/sessions";
import type { JobContext } from "@/lib/context";
import type { Tx } from "@/lib/db/client";
import { bookings, bookingSessions, customers, services, waitlistEntries, workspaces, type WaitlistEntryRow } from "@/lib/db/schema";
import { afterCommit, withSavepoint, withTransaction } from "@/lib/db/transaction";
import { queueWaitlistMessage } from "@/lib/notifications/queue-waitlist-message";
import { unseal } from "@/lib/secrets/seal";
import { generateAccessToken } from "@/lib/secrets/tokens";
import { recordWorkspaceEvent } from "@/lib/webhooks/record-workspace-event";
import { present } from "./read-entries";
import { toWaitlistEntry } from "./serialize";
import { WAITLIST_OFFER_HOLD_MINUTES } from "./schemas";

export type WaitlistSession = { workspaceId: string; serviceId: string; staffId: string; startsAt: Date };

/**
 * The one domain step of the waitlist's background work (docs/series-and-waitlists.md), run by
 * the offer-waitlist-seats job on Inngest and by the sweep (the in-process runner, the cron
 * backstop): for one session, settle the offers (a lapsed or given-back hold expires its
 * entry), expire the line once the start has passed, and offer each free seat to the next
 * waiting entry in joining order, as a 30-minute hold for that customer.
 *
 * Each seat is offered once, whatever runs at the same time: the session's live entries are
 * locked (FOR UPDATE) first, so two runs for one session take turns and the second sees the
 * first's offers; and an offer is a hold, which takes its seat under the session's seats CHECK,
 * so a seat taken meanwhile by a create refuses the hold instead of being offered twice.
 * Answers how many entries it changed.
 */
export async function offerFreedSeats(ctx: JobContext, session: WaitlistSession): Promise<number> {
  const now = ctx.clock.now();
  return withTransaction(ctx, async (tx) => {
    const live = await tx
      .select()
      .from(waitlistEntries)
      .where(
        and(
          eq(waitlistEntries.workspaceId, session.workspaceId),
          eq(waitlistEntries.serviceId, session.serviceId),
          eq(waitlistEntries.staffId, session.staffId),
          eq(waitlistEntries.startsAt, session.startsAt),
          inArray(waitlistEntries.status, ["waiting", "offered"]),
        ),
      )
      .orderBy(asc(waitlistEntries.line))
      .for("update");
    if (live.length === 0) return 0;
    let changed = await settleOffers(
      tx,
      live.filter((entry) => entry.status === "offered"),
      now,
    );
    const waiting = live.filter((entry) => entry.status === "waiting");
    if (session.startsAt <= now) {
      if (waiting.length > 0) await setStatus(tx, waiting, "expired", now);
      return changed + waiting.length;
    }
    const [service] = await tx.select().from(services).where(eq(services.id, session.serviceId));
    if (!service || !service.active) return changed;
    const sessionId = present(sessionIdFor(service, session.staffId, session.startsAt), "session");
    // Lapsed holds of the session give back their seats before they are counted.
    await tx
      .update(bookings)
      .set({ status: "expired", codeHash: null, updatedAt: now })
      .where(and(eq(bookings.sessionId, sessionId), inArray(bookings.status, ["pending", "awaiting_payment"]), lte(bookings.holdExpiresAt, now)));
    const [seats] = await tx.select({ taken: bookingSessions.seatsTaken }).from(bookingSessions).where(eq(bookingSessions.id, sessionId));
    let free = service.capacity - (seats?.taken ?? 0);
    if (free <= 0 || waiting.length === 0) return changed;
    const [workspaceRow] = await tx.select().from(workspaces).where(eq(workspaces.id, session.workspaceId));
    const workspace = present(workspaceRow, "workspace");
    for (const entry of waiting) {
      if (free <= 0) break;
      if (!(await offerSeat(tx, { entry, service, workspace, now }))) break;
      free--;
      changed++;
    }
    return changed;
  });
}

/** An offered entry whose hold was confirmed is booked; one whose hold lapsed or was given back has expired (its seat passes on). */
async function settleOffers(tx: Tx, offered: WaitlistEntryRow[], now: Date): Promise<number> {
  if (offered.length === 0) return 0;
  const holds = await tx
    .select({ id: bookings.id, status: bookings.status, holdExpiresAt: bookings.holdExpiresAt })
    .from(bookings)
    .where(
      inArray(
        bookings.id,
        offered.map((entry) => present(entry.offeredBookingId, "offered booking")),
      ),
    );
  const lapsed = offered.filter((entry) => {
    const hold = holds.find((row) => row.id === entry.offeredBookingId);
    if (!hold || hold.status === "confirmed") return false;
    return hold.status !== "pending" || (hold.holdExpiresAt !== null && hold.holdExpiresAt <= now);
  });
  if (lapsed.length > 0) await setStatus(tx, lapsed, "expired", now);
  return lapsed.length;
}

async function setStatus(tx: Tx, entries: WaitlistEntryRow[], status: "expired", now: Date): Promise<void> {
  await tx
    .update(waitlistEntries)
    .set({ status, updatedAt: now })
    .where(
      inArray(
        waitlistEntries.id,
        entries.map((entry) => entry.id),
      ),
    );
}

type OfferInput = { entry: WaitlistEntryRow; service: typeof services.$inferSelect; workspace: typeof workspaces.$inferSelect; now: Date };

/** Holds a seat for the entry's customer (in a savepoint: a seat taken meanwhile ends the offers, not the transaction). */
async function offerSeat(tx: Tx, { entry, service, workspace, now }: OfferInput): Promise<boolean> {
  const holdExpiresAt = minutesAfter(now, WAITLIST_OFFER_HOLD_MINUTES);
  const times = bookingTimes(entry.startsAt, service);
  let bookingId: string;
  try {
    bookingId = await withSavepoint(tx, async (savepoint) => {
      const [, { row }] = await Promise.all([
        lockCalendarRange(savepoint, entry.staffId, times),
        insertBooking(savepoint, workspace.id, entry.staffId, {
          service,
          // The link in the offer confirms it: no code.
          start: { status: "pending", holdExpiresAt },
          withoutCode: true,
          customerId: entry.customerId,
          customerTimezone: null,
          customerLanguage: entry.customerLanguage,
          customerLocale: null,
          startsAt: entry.startsAt,
          accessToken: generateAccessToken(),
          answers: [],
          createdVia: "sk",
          now,
        }),
      ]);
      return row.id;
    });
  } catch (error) {
    if (isSlotConflict(error)) return false;
    throw error;
  }
  const [updated] = await tx
    .update(waitlistEntries)
    .set({ status: "offered", offeredBookingId: bookingId, offeredAt: now, offerExpiresAt: holdExpiresAt, updatedAt: now })
    .where(eq(waitlistEntries.id, entry.id))
    .returning();
  const offered = present(updated, "entry");
  await afterCommit(tx, { type: "hold.placed", bookingId, holdExpiresAt });
  const [customer] = await tx.select().from(customers).where(eq(customers.id, entry.customerId));
  await queueWaitlistMessage(tx, {
    kind: "waitlist_offer",
    entry: offered,
    token: unseal(entry.tokenSealed),
    workspace,
    serviceName: service.name,
    customer: present(customer, "customer"),
  });
  await recordWorkspaceEvent(tx, {
    workspaceId: workspace.id,
    type: "waitlist.offered",
    data: { waitlist_entry: toWaitlistEntry(offered, { timezone: workspace.timezone, position: null }) },
    now,
  });
  return true;
}

/**
 * The sweep behind the job (lib/jobs/definitions/offer-waitlist-seats.ts): every session with
 * a live entry, soonest first, through offerFreedSeats (whose row locks make instances sweeping
 * the same session take turns). Answers how many entries changed.
 */
export async function sweepWaitlists(ctx: JobContext, { limit }: { limit: number }): Promise<number> {
  const sessions = await ctx.db
    .selectDistinct({
      workspaceId: waitlistEntries.workspaceId,
      serviceId: waitlistEntries.serviceId,
      staffId: waitlistEntries.staffId,
      startsAt: waitlistEntries.startsAt,
    })
    .from(waitlistEntries)
    .where(inArray(waitlistEntries.status, ["waiting", "offered"]))
    .orderBy(asc(waitlistEntries.startsAt))
    .limit(limit);
  let changed = 0;
  for (const session of sessions) changed += await offerFreedSeats(ctx, session);
  return changed;
}
