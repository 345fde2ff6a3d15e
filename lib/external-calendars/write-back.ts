import { and, asc, eq, gt, isNull, ne, or } from "drizzle-orm";
import type { JobContext } from "@/lib/context";
import { bookings, externalCalendars, externalCalendarWrites, type ExternalCalendarRow } from "@/lib/db/schema";
import { unsealCredentials } from "./credentials";
import { selectBookingsToWrite, writeBackEvent } from "./write-back-event";
import { writeBackSessions } from "./write-back-sessions";

/** Bookings that ended longer ago than this are not written any more. */
const WRITE_BACK_PAST_MS = 86_400_000;

/**
 * CalDAV write-back, as a background sweep: for each source with write_back, every confirmed
 * booking of its calendar (a group session's bookings as one event, write-back-sessions.ts) is
 * put into the collection as a VEVENT (UID = booking id, SEQUENCE
 * = the booking's, SUMMARY = service and customer name, never the customer's email or phone),
 * put again when its SEQUENCE grew (a move), and removed once it is no longer confirmed (a
 * cancellation). What was written is remembered per booking, so a failed write is simply
 * tried again on the next run, and a booking never waits for (or fails because of) it.
 * Each event is put or removed by write-back-event.ts. Answers how many events were written or
 * removed.
 */
export async function writeBackBookings(ctx: Pick<JobContext, "db" | "clock">, options: { limit: number }): Promise<number> {
  const sources = await ctx.db
    .select()
    .from(externalCalendars)
    .where(and(eq(externalCalendars.writeBack, true), ne(externalCalendars.status, "disabled")))
    .orderBy(asc(externalCalendars.createdAt));
  let done = 0;
  for (const source of sources) {
    if (done >= options.limit) break;
    try {
      done += await writeBackSource(ctx, source, options.limit - done);
    } catch (error) {
      // A source that refuses writes is tried again on the next run; its reads report its state.
      console.error(`external calendar ${source.id}: write-back failed: ${error instanceof Error ? error.name : "error"}`);
    }
  }
  return done;
}

async function writeBackSource(ctx: Pick<JobContext, "db" | "clock">, source: ExternalCalendarRow, limit: number): Promise<number> {
  const now = ctx.clock.now();
  const target = { ctx, source, credentials: unsealCredentials(source.credentialsSealed) };
  const written = and(eq(externalCalendarWrites.externalCalendarId, source.id), eq(externalCalendarWrites.bookingId, bookings.id));
  const toPut = await selectBookingsToWrite(ctx.db)
    .leftJoin(externalCalendarWrites, written)
    .where(
      and(
        eq(bookings.staffId, source.staffId),
        eq(bookings.workspaceId, source.workspaceId),
        eq(bookings.status, "confirmed"),
        isNull(bookings.sessionId),
        gt(bookings.endsAt, new Date(now.getTime() - WRITE_BACK_PAST_MS)),
        or(isNull(externalCalendarWrites.sequence), ne(externalCalendarWrites.sequence, bookings.sequence)),
      ),
    )
    .orderBy(asc(bookings.startsAt))
    .limit(limit);
  let done = 0;
  for (const row of toPut) {
    await writeBackEvent(
      target,
      { bookingId: row.id },
      {
        sequence: row.sequence,
        startsAt: row.startsAt,
        endsAt: row.endsAt,
        summary: `${row.serviceName} – ${row.customerName}`,
        description: `${row.serviceName} with ${row.staffName}`,
        location: row.location,
        counts: [{ bookingId: row.id, sequence: row.sequence }],
      },
    );
    done++;
  }
  const toRemove = await ctx.db
    .select({ bookingId: externalCalendarWrites.bookingId })
    .from(externalCalendarWrites)
    .innerJoin(bookings, eq(bookings.id, externalCalendarWrites.bookingId))
    .where(
      and(
        eq(externalCalendarWrites.externalCalendarId, source.id),
        isNull(externalCalendarWrites.sessionId),
        or(ne(bookings.status, "confirmed"), ne(bookings.staffId, source.staffId)),
      ),
    )
    .limit(Math.max(0, limit - done));
  for (const row of toRemove) {
    await writeBackEvent(target, { bookingId: row.bookingId }, null);
    done++;
  }
  // A group session is one event, whatever its number of attendees.
  return done + (await writeBackSessions(target, { limit: Math.max(0, limit - done), sinceMs: now.getTime() - WRITE_BACK_PAST_MS }));
}
