import { and, eq, gt, lt } from "drizzle-orm";
import { isOccupying, overlapsOccupied } from "@/lib/availability/load-calendars";
import type { ServiceContext } from "@/lib/context";
import { bookings, externalBusyTimes, timeOff } from "@/lib/db/schema";
import { validationFailed } from "@/lib/errors";
import { getStaffOrThrow } from "@/lib/staff/get-staff";
import { parseInstant, toZonedIso } from "@/lib/time/zoned";
import { DEFAULT_BUSY_RANGE_DAYS, MAX_BUSY_RANGE_DAYS, type BusyQuery, type BusySource, type StaffBusy } from "./schemas";

type Piece = { startMs: number; endMs: number; source: BusySource };

/**
 * Why a time is not offered: the calendar's busy intervals meeting [from, to), from its
 * bookings (with their buffers), its time off and its external calendars, merged where they
 * overlap or touch, each with every source that makes it busy. `withoutBookings` leaves the
 * bookings out before merging (the console lists the bookings themselves beside): a booking
 * that ends where time off starts then never stretches the time off's interval back to its start.
 */
export async function listBusy({
  ctx,
  staffId,
  query,
  withoutBookings = false,
}: {
  ctx: Pick<ServiceContext, "db" | "workspace" | "clock">;
  staffId: string;
  query: BusyQuery;
  withoutBookings?: boolean;
}): Promise<StaffBusy> {
  const from = query.from ? parseInstant(query.from) : ctx.clock.now();
  const to = query.to ? parseInstant(query.to) : new Date(from.getTime() + DEFAULT_BUSY_RANGE_DAYS * 86_400_000);
  if (to.getTime() <= from.getTime()) throw validationFailed("to", "to: must be after from.");
  if (to.getTime() - from.getTime() > MAX_BUSY_RANGE_DAYS * 86_400_000) throw validationFailed("to", `to: at most ${MAX_BUSY_RANGE_DAYS} days after from.`);
  await getStaffOrThrow(ctx.db, ctx.workspace.id, staffId);
  const workspaceId = ctx.workspace.id;
  const [booked, absent, external] = await Promise.all([
    withoutBookings
      ? []
      : ctx.db
          .select({ id: bookings.id, start: bookings.occupiedStart, end: bookings.occupiedEnd })
          .from(bookings)
          .where(and(eq(bookings.staffId, staffId), eq(bookings.workspaceId, workspaceId), overlapsOccupied(from, to), isOccupying(ctx.clock.now()))),
    ctx.db
      .select({ id: timeOff.id, start: timeOff.startsAt, end: timeOff.endsAt })
      .from(timeOff)
      .where(and(eq(timeOff.staffId, staffId), eq(timeOff.workspaceId, workspaceId), lt(timeOff.startsAt, to), gt(timeOff.endsAt, from))),
    ctx.db
      .select({ id: externalBusyTimes.externalCalendarId, start: externalBusyTimes.startsAt, end: externalBusyTimes.endsAt })
      .from(externalBusyTimes)
      .where(
        and(
          eq(externalBusyTimes.staffId, staffId),
          eq(externalBusyTimes.workspaceId, workspaceId),
          lt(externalBusyTimes.startsAt, to),
          gt(externalBusyTimes.endsAt, from),
        ),
      ),
  ]);
  const pieces: Piece[] = [
    ...booked.map((row) => ({ startMs: row.start.getTime(), endMs: row.end.getTime(), source: { type: "booking" as const, id: row.id } })),
    ...absent.map((row) => ({ startMs: row.start.getTime(), endMs: row.end.getTime(), source: { type: "time_off" as const, id: row.id } })),
    ...external.map((row) => ({ startMs: row.start.getTime(), endMs: row.end.getTime(), source: { type: "external_calendar" as const, id: row.id } })),
  ].sort((a, b) => a.startMs - b.startMs || a.endMs - b.endMs);

  const data: StaffBusy["data"] = [];
  let current: { startMs: number; endMs: number; sources: Map<string, BusySource> } | undefined;
  const flush = () => {
    if (!current) return;
    data.push({
      starts_at: toZonedIso(new Date(current.startMs), ctx.workspace.timezone),
      ends_at: toZonedIso(new Date(current.endMs), ctx.workspace.timezone),
      sources: [...current.sources.values()],
    });
  };
  for (const piece of pieces) {
    if (current && piece.startMs <= current.endMs) {
      current.endMs = Math.max(current.endMs, piece.endMs);
      current.sources.set(`${piece.source.type} ${piece.source.id}`, piece.source);
      continue;
    }
    flush();
    current = { startMs: piece.startMs, endMs: piece.endMs, sources: new Map([[`${piece.source.type} ${piece.source.id}`, piece.source]]) };
  }
  flush();
  return { staff_id: staffId, data };
}
