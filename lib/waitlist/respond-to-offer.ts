import { and, eq, inArray } from "drizzle-orm";
import { isLiveHold } from "@/lib/bookings/holds";
import { confirmHeldBooking } from "@/lib/bookings/settle-confirmed";
import type { BaseContext } from "@/lib/context";
import type { Tx } from "@/lib/db/client";
import { bookings, waitlistEntries, workspaces, type BookingRow, type WaitlistEntryRow } from "@/lib/db/schema";
import { afterCommit, withTransaction } from "@/lib/db/transaction";
import { conflict, notFound } from "@/lib/errors";
import { recordWorkspaceEvent } from "@/lib/webhooks/record-workspace-event";
import { lockEntryByToken, positionOf, present, type PositionedEntry } from "./read-entries";
import { toWaitlistEntry } from "./serialize";

type Ctx = Pick<BaseContext, "db" | "clock">;

/**
 * The one-click link of an offer (docs/series-and-waitlists.md): the seat held for the entry
 * is confirmed as any held booking is (booking.created, the confirmation email) and the entry
 * is booked (waitlist.booked). Again after that: the same answer. An offer that lapsed, or an
 * entry never offered a seat: 409 conflict.
 */
export async function bookWaitlistOffer({ ctx, token }: { ctx: Ctx; token: string }): Promise<PositionedEntry> {
  const now = ctx.clock.now();
  return withTransaction(ctx, async (tx) => {
    const entry = await lockEntryByToken(tx, token);
    if (entry.status === "booked") return { row: entry, position: null };
    if (entry.status !== "offered" || !entry.offeredBookingId) throw conflict("No seat is offered to this waitlist entry.");
    const [hold] = await tx.select().from(bookings).where(eq(bookings.id, entry.offeredBookingId)).for("update");
    if (!hold || hold.status !== "pending" || !isLiveHold(hold, now)) throw conflict("The offer has lapsed: the seat passed to the next in line.");
    const [workspaceRow] = await tx.select().from(workspaces).where(eq(workspaces.id, entry.workspaceId));
    const workspace = present(workspaceRow, "workspace");
    await confirmHeldBooking(tx, { booking: hold, accountId: workspace.accountId, now });
    const [updated] = await tx.update(waitlistEntries).set({ status: "booked", updatedAt: now }).where(eq(waitlistEntries.id, entry.id)).returning();
    const booked = present(updated, "entry");
    await recordWorkspaceEvent(tx, {
      workspaceId: entry.workspaceId,
      type: "waitlist.booked",
      data: { waitlist_entry: toWaitlistEntry(booked, { timezone: workspace.timezone, position: null }) },
      now,
    });
    return { row: booked, position: null };
  });
}

/** The leave link of the emails: the entry leaves the line; a seat held for it is given back (and offered to the next). */
export async function leaveWaitlistByToken({ ctx, token }: { ctx: Ctx; token: string }): Promise<PositionedEntry> {
  const now = ctx.clock.now();
  return withTransaction(ctx, async (tx) => leave(tx, await lockEntryByToken(tx, token), now));
}

/** POST /v1/waitlist/{id}/leave: the business takes an entry out of the line. */
export async function leaveWaitlist({ ctx, id }: { ctx: Ctx & { workspace: { id: string } }; id: string }): Promise<PositionedEntry> {
  const now = ctx.clock.now();
  return withTransaction(ctx, async (tx) => {
    const [entry] = await tx
      .select()
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.id, id), eq(waitlistEntries.workspaceId, ctx.workspace.id)))
      .for("update");
    if (!entry) throw notFound("waitlist entry");
    return leave(tx, entry, now);
  });
}

async function leave(tx: Tx, entry: WaitlistEntryRow, now: Date): Promise<PositionedEntry> {
  // Left already, expired or booked (a booking is cancelled as a booking): nothing to change.
  if (entry.status !== "waiting" && entry.status !== "offered") return { row: entry, position: await positionOf(tx, entry) };
  if (entry.status === "offered" && entry.offeredBookingId) await giveBackHold(tx, entry.offeredBookingId, now);
  const [left] = await tx.update(waitlistEntries).set({ status: "left", updatedAt: now }).where(eq(waitlistEntries.id, entry.id)).returning();
  return { row: present(left, "entry"), position: null };
}

/** The held seat of an offer declined: expired like a lapsed hold (it was never announced), so the seat frees at once. */
async function giveBackHold(tx: Tx, bookingId: string, now: Date): Promise<BookingRow | undefined> {
  const [row] = await tx
    .update(bookings)
    .set({ status: "expired", holdExpiresAt: null, codeHash: null, updatedAt: now })
    .where(and(eq(bookings.id, bookingId), inArray(bookings.status, ["pending"])))
    .returning();
  if (row) {
    await afterCommit(tx, { type: "hold.settled", bookingId });
    await afterCommit(tx, { type: "seat.freed", workspaceId: row.workspaceId, serviceId: row.serviceId, staffId: row.staffId, startsAt: row.startsAt });
  }
  return row;
}
