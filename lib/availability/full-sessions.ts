import { and, eq, gt, gte, lt } from "drizzle-orm";
import { bookingSessions, services } from "@/lib/db/schema";
import { toZonedIso } from "@/lib/time/zoned";
import { getAvailabilityJson } from "./answer-cache";
import type { AvailabilityContext, GetAvailabilityInput } from "./get-availability";
import type { AvailabilityResponse } from "./schemas";
import { isGroupService } from "./service-rules";

/**
 * GET /v1/availability?include_full=true (docs/series-and-waitlists.md): the open slots, plus
 * each full session of a class in the range, on the calendars the answer lists, as a slot with
 * `seats_left: 0`, so a page can show "Full" with "Join the waitlist". Full is the service's
 * capacity now (a raised capacity reopens a session). Only sessions not yet started.
 */
export async function getAvailabilityWithFull({ ctx, input }: { ctx: AvailabilityContext; input: GetAvailabilityInput }): Promise<AvailabilityResponse> {
  const answer = await getAvailabilityJson({ ctx, input });
  const open = JSON.parse(Buffer.concat(answer.pieces).toString("utf8")) as AvailabilityResponse;
  const [service] = await ctx.db
    .select({ capacity: services.capacity, durationMinutes: services.durationMinutes })
    .from(services)
    .where(and(eq(services.id, input.serviceId), eq(services.workspaceId, ctx.workspace.id)));
  if (!service || !isGroupService(service)) return open;
  const now = ctx.clock.now();
  const full = await ctx.db
    .select({ staffId: bookingSessions.staffId, startsAt: bookingSessions.startsAt })
    .from(bookingSessions)
    .where(
      and(
        eq(bookingSessions.workspaceId, ctx.workspace.id),
        eq(bookingSessions.serviceId, input.serviceId),
        gte(bookingSessions.startsAt, input.from),
        lt(bookingSessions.startsAt, input.to),
        gt(bookingSessions.startsAt, now),
        gte(bookingSessions.seatsTaken, service.capacity),
      ),
    );
  const zone = ctx.workspace.timezone;
  return {
    data: open.data.map((calendar) => {
      const added = full
        .filter((session) => session.staffId === calendar.staff_id)
        .map((session) => ({
          start: toZonedIso(session.startsAt, zone),
          end: toZonedIso(new Date(session.startsAt.getTime() + service.durationMinutes * 60_000), zone),
          seats_left: 0,
        }));
      if (added.length === 0) return calendar;
      return { staff_id: calendar.staff_id, slots: [...calendar.slots, ...added].sort((a, b) => Date.parse(a.start) - Date.parse(b.start)) };
    }),
  };
}
