import { and, asc, eq, gt, isNotNull, isNull, ne, or, sql } from "drizzle-orm";
import { bookings, externalCalendarWrites } from "@/lib/db/schema";
import { selectBookingsToWrite, writeBackEvent, type WriteBackTarget } from "./write-back-event";

/**
 * Write-back of group sessions (docs/group-sessions.md): one event per session, not one per
 * seat, as in the calendar feed — UID = the session's id, SUMMARY "service – N attendees", the
 * attendees' names in its DESCRIPTION (never an email or phone). A session is put again when
 * one of its confirmed bookings is new, moved (SEQUENCE) or no longer counted in it (cancelled,
 * moved to another session or calendar), and removed once none is left. Each booking's row in
 * external_calendar_writes names the session it was counted in, so a moved attendee also
 * updates the session it left. Answers how many events were written or removed.
 */
export async function writeBackSessions(target: WriteBackTarget, options: { limit: number; sinceMs: number }): Promise<number> {
  const { ctx, source } = target;
  const written = and(eq(externalCalendarWrites.externalCalendarId, source.id), eq(externalCalendarWrites.bookingId, bookings.id));
  // Sessions with a confirmed booking not yet counted in them as it is now.
  const changed = await ctx.db
    .selectDistinct({ sessionId: bookings.sessionId, previous: externalCalendarWrites.sessionId })
    .from(bookings)
    .leftJoin(externalCalendarWrites, written)
    .where(
      and(
        eq(bookings.staffId, source.staffId),
        eq(bookings.workspaceId, source.workspaceId),
        eq(bookings.status, "confirmed"),
        isNotNull(bookings.sessionId),
        gt(bookings.endsAt, new Date(options.sinceMs)),
        or(
          isNull(externalCalendarWrites.bookingId),
          ne(externalCalendarWrites.sequence, bookings.sequence),
          sql`${externalCalendarWrites.sessionId} IS DISTINCT FROM ${bookings.sessionId}`,
        ),
      ),
    )
    .limit(options.limit);
  // Sessions that counted a booking that is no longer confirmed on this calendar.
  const left = await ctx.db
    .selectDistinct({ sessionId: externalCalendarWrites.sessionId })
    .from(externalCalendarWrites)
    .innerJoin(bookings, eq(bookings.id, externalCalendarWrites.bookingId))
    .where(
      and(
        eq(externalCalendarWrites.externalCalendarId, source.id),
        isNotNull(externalCalendarWrites.sessionId),
        or(ne(bookings.status, "confirmed"), ne(bookings.staffId, source.staffId)),
      ),
    )
    .limit(options.limit);
  // A moved attendee changes the session it joined and the one it left.
  const sessionIds = new Set([...changed.flatMap((row) => [row.sessionId, row.previous]), ...left.map((row) => row.sessionId)].filter((id) => id !== null));
  let done = 0;
  for (const sessionId of sessionIds) {
    if (done >= options.limit) break;
    await writeSession(target, sessionId);
    done++;
  }
  return done;
}

/** Puts the session's event as its confirmed bookings on this calendar make it now, or removes it when there are none. */
async function writeSession(target: WriteBackTarget, sessionId: string) {
  const { ctx, source } = target;
  const attendees = await selectBookingsToWrite(ctx.db)
    .where(
      and(
        eq(bookings.sessionId, sessionId),
        eq(bookings.staffId, source.staffId),
        eq(bookings.workspaceId, source.workspaceId),
        eq(bookings.status, "confirmed"),
      ),
    )
    .orderBy(asc(bookings.createdAt), asc(bookings.id));
  const [first] = attendees;
  if (!first) {
    await writeBackEvent(target, { sessionId }, null);
    return;
  }
  const count = attendees.length;
  const names = attendees.map((attendee) => attendee.customerName).sort((a, b) => a.localeCompare(b));
  await writeBackEvent(
    target,
    { sessionId },
    {
      sequence: Math.max(...attendees.map((attendee) => attendee.sequence)),
      startsAt: first.startsAt,
      endsAt: first.endsAt,
      summary: `${first.serviceName} – ${count} ${count === 1 ? "attendee" : "attendees"}`,
      description: `${first.serviceName} with ${first.staffName}\nAttendees: ${names.join(", ")}`,
      location: first.location,
      counts: attendees.map((attendee) => ({ bookingId: attendee.id, sequence: attendee.sequence })),
    },
  );
}
