import { and, asc, eq, gte } from "drizzle-orm";
import { buildCalendar } from "@/lib/calendar/ics";
import type { Queryable } from "@/lib/db/client";
import { bookings, calendarFeeds, customers, services, staff, workspaces } from "@/lib/db/schema";
import { sha256Hex } from "@/lib/secrets/tokens";
import { FEED_FILE_PATTERN } from "./schemas";

/** docs/decisions.md#calendar-feeds: bookings from this long ago onwards stay in the feed. */
export const FEED_PAST_DAYS = 30;
/** A bound on one answer; a calendar app asks again every few hours. */
export const FEED_MAX_EVENTS = 5_000;

/**
 * The feed behind `/feeds/{token}.ics`: the calendar's confirmed bookings from 30 days ago
 * onwards, one VEVENT each (UID = booking id, SEQUENCE = the booking's, SUMMARY = service and
 * customer name; never the customer's email or phone: the URL is a bearer secret that ends
 * up in third-party calendar services). A group session is one event (UID = the session's id)
 * with its attendee count and names. Null for an unknown or replaced token.
 */
export async function renderCalendarFeed(db: Queryable, input: { file: string; now: Date }): Promise<string | null> {
  const token = FEED_FILE_PATTERN.exec(input.file)?.[1];
  if (!token) return null;
  const [feed] = await db
    .select({ staffId: calendarFeeds.staffId, staffName: staff.name, workspaceName: workspaces.name, address: workspaces.address, mapsUrl: workspaces.mapsUrl })
    .from(calendarFeeds)
    .innerJoin(staff, eq(staff.id, calendarFeeds.staffId))
    .innerJoin(workspaces, eq(workspaces.id, calendarFeeds.workspaceId))
    .where(eq(calendarFeeds.tokenHash, sha256Hex(token)));
  if (!feed) return null;

  const rows = await db
    .select({ booking: bookings, serviceName: services.name, customerName: customers.name })
    .from(bookings)
    .innerJoin(services, eq(services.id, bookings.serviceId))
    .innerJoin(customers, eq(customers.id, bookings.customerId))
    .where(
      and(
        eq(bookings.staffId, feed.staffId),
        eq(bookings.status, "confirmed"),
        gte(bookings.startsAt, new Date(input.now.getTime() - FEED_PAST_DAYS * 86_400_000)),
      ),
    )
    .orderBy(asc(bookings.startsAt), asc(bookings.id))
    .limit(FEED_MAX_EVENTS);

  return buildCalendar({
    name: `${feed.staffName} – ${feed.workspaceName}`,
    events: groupBySession(rows).map(({ lead, attendees }) => {
      const { booking, serviceName, customerName } = lead;
      const location = feed.address ?? feed.mapsUrl;
      if (booking.sessionId === null) {
        return {
          uid: booking.id,
          sequence: booking.sequence,
          startsAt: booking.startsAt,
          endsAt: booking.endsAt,
          stampedAt: input.now,
          summary: `${serviceName} – ${customerName}`,
          description: `${serviceName} with ${feed.staffName}`,
          location,
        };
      }
      // A group session is one event with its attendee count (docs/group-sessions.md).
      const count = attendees.length;
      return {
        uid: booking.sessionId,
        sequence: Math.max(...attendees.map((attendee) => attendee.booking.sequence)),
        startsAt: booking.startsAt,
        endsAt: booking.endsAt,
        stampedAt: input.now,
        summary: `${serviceName} – ${count} ${count === 1 ? "attendee" : "attendees"}`,
        description: `${serviceName} with ${feed.staffName}\nAttendees: ${attendees
          .map((attendee) => attendee.customerName)
          .sort((a, b) => a.localeCompare(b))
          .join(", ")}`,
        location,
      };
    }),
  });
}

/** The rows in order, a group session's bookings together as one entry (the first booking of it leads). */
function groupBySession<T extends { booking: { id: string; sessionId: string | null } }>(rows: T[]): { lead: T; attendees: T[] }[] {
  const sessions = new Map<string, { lead: T; attendees: T[] }>();
  const entries: { lead: T; attendees: T[] }[] = [];
  for (const row of rows) {
    const key = row.booking.sessionId;
    const open = key === null ? undefined : sessions.get(key);
    if (open) open.attendees.push(row);
    else {
      const entry = { lead: row, attendees: [row] };
      entries.push(entry);
      if (key !== null) sessions.set(key, entry);
    }
  }
  return entries;
}
