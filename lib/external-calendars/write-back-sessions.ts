import { and, asc, eq, gt, isNotNull, isNull, ne, notInArray, or, sql } from "drizzle-orm";
import { buildCalendar } from "@/lib/calendar/ics";
import type { JobContext } from "@/lib/context";
import { bookings, customers, externalCalendarWrites, services, staff, workspaces, type ExternalCalendarRow } from "@/lib/db/schema";
import { deleteCaldavEvent, putCaldavEvent } from "./caldav";
import type { SourceCredentials } from "./credentials";

/**
 * Write-back of group sessions (docs/group-sessions.md): one event per session, not one per
 * seat, as in the calendar feed — UID = the session's id, SUMMARY "service – N attendees", the
 * attendees' names in its DESCRIPTION (never an email or phone). A session is put again when
 * one of its confirmed bookings is new, moved (SEQUENCE) or no longer counted in it (cancelled,
 * moved to another session or calendar), and removed once none is left. Each booking's row in
 * external_calendar_writes names the session it was counted in, so a moved attendee also
 * updates the session it left. Answers how many events were written or removed.
 */
export async function writeBackSessions(
  ctx: Pick<JobContext, "db" | "clock">,
  source: ExternalCalendarRow,
  credentials: SourceCredentials,
  options: { limit: number; sinceMs: number },
): Promise<number> {
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
    await writeSession(ctx, source, credentials, sessionId);
    done++;
  }
  return done;
}

/** Puts the session's event as its confirmed bookings on this calendar make it now, or removes it when there are none. */
async function writeSession(ctx: Pick<JobContext, "db" | "clock">, source: ExternalCalendarRow, credentials: SourceCredentials, sessionId: string) {
  const now = ctx.clock.now();
  const attendees = await ctx.db
    .select({
      id: bookings.id,
      sequence: bookings.sequence,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
      serviceName: services.name,
      customerName: customers.name,
      staffName: staff.name,
      address: workspaces.address,
      mapsUrl: workspaces.mapsUrl,
    })
    .from(bookings)
    .innerJoin(services, eq(services.id, bookings.serviceId))
    .innerJoin(customers, eq(customers.id, bookings.customerId))
    .innerJoin(staff, eq(staff.id, bookings.staffId))
    .innerJoin(workspaces, eq(workspaces.id, bookings.workspaceId))
    .where(
      and(
        eq(bookings.sessionId, sessionId),
        eq(bookings.staffId, source.staffId),
        eq(bookings.workspaceId, source.workspaceId),
        eq(bookings.status, "confirmed"),
      ),
    )
    .orderBy(asc(bookings.createdAt), asc(bookings.id));
  const filename = `${sessionId}.ics`;
  const counted = and(eq(externalCalendarWrites.externalCalendarId, source.id), eq(externalCalendarWrites.sessionId, sessionId));
  const [first] = attendees;
  if (!first) {
    await deleteCaldavEvent(credentials, filename);
    await ctx.db.delete(externalCalendarWrites).where(counted);
    return;
  }
  const count = attendees.length;
  const names = attendees.map((attendee) => attendee.customerName).sort((a, b) => a.localeCompare(b));
  await putCaldavEvent(
    credentials,
    filename,
    buildCalendar({
      events: [
        {
          uid: sessionId,
          sequence: Math.max(...attendees.map((attendee) => attendee.sequence)),
          startsAt: first.startsAt,
          endsAt: first.endsAt,
          stampedAt: now,
          summary: `${first.serviceName} – ${count} ${count === 1 ? "attendee" : "attendees"}`,
          description: `${first.serviceName} with ${first.staffName}\nAttendees: ${names.join(", ")}`,
          location: first.address ?? first.mapsUrl,
        },
      ],
    }),
  );
  const ids = attendees.map((attendee) => attendee.id);
  await ctx.db.delete(externalCalendarWrites).where(and(counted, notInArray(externalCalendarWrites.bookingId, ids)));
  await ctx.db
    .insert(externalCalendarWrites)
    .values(attendees.map((attendee) => ({ externalCalendarId: source.id, bookingId: attendee.id, sequence: attendee.sequence, sessionId, writtenAt: now })))
    .onConflictDoUpdate({
      target: [externalCalendarWrites.externalCalendarId, externalCalendarWrites.bookingId],
      set: { sequence: sql`excluded.sequence`, sessionId: sql`excluded.session_id`, writtenAt: sql`excluded.written_at` },
    });
}
