import { and, eq, notInArray, sql } from "drizzle-orm";
import { buildCalendar } from "@/lib/calendar/ics";
import type { JobContext } from "@/lib/context";
import { bookings, customers, externalCalendarWrites, services, staff, workspaces, type ExternalCalendarRow } from "@/lib/db/schema";
import { deleteCaldavEvent, putCaldavEvent } from "./caldav";
import type { SourceCredentials } from "./credentials";

/**
 * One event of write-back (docs/external-calendars.md#write-back-caldav-write_back-true), for a
 * booking (write-back.ts) and for a group session (write-back-sessions.ts) alike: put into the
 * source's collection as `<uid>.ics` through caldav.ts (its URL rule, timeouts and login
 * policy), or removed from it, and only then recorded in external_calendar_writes — a request
 * that fails throws before anything is recorded, so the next run simply tries again.
 */
export type WriteBackTarget = { ctx: Pick<JobContext, "db" | "clock">; source: ExternalCalendarRow; credentials: SourceCredentials };

/** The event's own id: a booking's (its event counts that booking) or a session's (it counts the session's bookings). */
export type WriteBackUid = { bookingId: string } | { sessionId: string };

/** What an event shows, and the bookings it counts at their SEQUENCE. */
export type WriteBackEvent = {
  sequence: number;
  startsAt: Date;
  endsAt: Date;
  summary: string;
  description: string;
  location: string | null;
  counts: { bookingId: string; sequence: number }[];
};

/** A booking with the names its event shows: never the customer's email or phone. */
export function selectBookingsToWrite(db: JobContext["db"]) {
  return db
    .select({
      id: bookings.id,
      sequence: bookings.sequence,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
      serviceName: services.name,
      customerName: customers.name,
      staffName: staff.name,
      location: sql<string | null>`coalesce(${workspaces.address}, ${workspaces.mapsUrl})`,
    })
    .from(bookings)
    .innerJoin(services, eq(services.id, bookings.serviceId))
    .innerJoin(customers, eq(customers.id, bookings.customerId))
    .innerJoin(staff, eq(staff.id, bookings.staffId))
    .innerJoin(workspaces, eq(workspaces.id, bookings.workspaceId));
}

/**
 * Makes the collection show `event` under `uid` (null: no event), and the write records of that
 * event name exactly the bookings it counts now.
 */
export async function writeBackEvent(target: WriteBackTarget, uid: WriteBackUid, event: WriteBackEvent | null): Promise<void> {
  const { ctx, source, credentials } = target;
  const id = "sessionId" in uid ? uid.sessionId : uid.bookingId;
  const filename = `${id}.ics`;
  const recorded = and(
    eq(externalCalendarWrites.externalCalendarId, source.id),
    "sessionId" in uid ? eq(externalCalendarWrites.sessionId, uid.sessionId) : eq(externalCalendarWrites.bookingId, uid.bookingId),
  );
  if (!event || event.counts.length === 0) {
    await deleteCaldavEvent(credentials, filename);
    await ctx.db.delete(externalCalendarWrites).where(recorded);
    return;
  }
  const now = ctx.clock.now();
  const { counts, ...shown } = event;
  await putCaldavEvent(credentials, filename, buildCalendar({ events: [{ uid: id, stampedAt: now, ...shown }] }));
  const ids = counts.map((count) => count.bookingId);
  await ctx.db.delete(externalCalendarWrites).where(and(recorded, notInArray(externalCalendarWrites.bookingId, ids)));
  const sessionId = "sessionId" in uid ? uid.sessionId : null;
  await ctx.db
    .insert(externalCalendarWrites)
    .values(counts.map((count) => ({ externalCalendarId: source.id, bookingId: count.bookingId, sequence: count.sequence, sessionId, writtenAt: now })))
    .onConflictDoUpdate({
      target: [externalCalendarWrites.externalCalendarId, externalCalendarWrites.bookingId],
      set: { sequence: sql`excluded.sequence`, sessionId: sql`excluded.session_id`, writtenAt: sql`excluded.written_at` },
    });
}
