import { and, eq } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { services, type WorkspaceRow } from "@/lib/db/schema";
import { notFound, validationFailed } from "@/lib/errors";
import type { Clock } from "@/lib/time/clock";
import { allowedStartWindow, answerStableUntil, computeAvailability, type CalendarSlots } from "./engine";
import { loadCalendarsKept } from "./kept-calendars";
import { loadCalendars } from "./load-calendars";
import { isGroupService, isServiceBookable, takesNewBookings, toServiceRules } from "./service-rules";
import { DAY_MS, MINUTE_MS } from "./zone-timeline";

/** docs/decisions.md#bookings: the range may span at most 62 × 24 hours. */
export const MAX_AVAILABILITY_RANGE_DAYS = 62;

/**
 * Everything of the workspace an answer depends on: the engine sees only these, and
 * answer-cache.ts keys kept slot tables by their values, so a setting that starts to matter here
 * is added to this list and to the key at once.
 */
export const AVAILABILITY_WORKSPACE_FIELDS = ["id", "timezone", "slotIntervalMinutes", "stripeAccountId"] as const;
export type AvailabilityWorkspace = Pick<WorkspaceRow, (typeof AVAILABILITY_WORKSPACE_FIELDS)[number]>;
/**
 * `availabilityRevision`: the workspace's revision when the caller has read it already, before
 * any availability data (the API reads it with the key); otherwise answer-cache.ts reads it.
 */
export type AvailabilityContext = { db: Queryable; clock: Clock; workspace: AvailabilityWorkspace; availabilityRevision?: number };
export type GetAvailabilityInput = { serviceId: string; from: Date; to: Date; excludeBookingId?: string };

/**
 * The slots, and the stretch of the clock over which they stay the answer while the data
 * does not change: from the instant they were computed at until the next minute, or until
 * a live hold they count as busy lapses, whichever comes first.
 */
export type AvailabilityAnswer = { calendars: CalendarSlots[]; validFromMs: number; validUntilMs: number };

/** docs/decisions.md#bookings: from before to, at most 62 days apart. */
export function assertRange(fromMs: number, toMs: number): void {
  if (toMs <= fromMs) throw validationFailed("to", "to must be after from.");
  if (toMs - fromMs > MAX_AVAILABILITY_RANGE_DAYS * DAY_MS) {
    throw validationFailed("to", `The range may span at most ${MAX_AVAILABILITY_RANGE_DAYS} days.`);
  }
}

/**
 * The slots of one service over [from, to), grouped by calendar: every active calendar
 * offering the service, in creation order, each with its starts (a slot is in the range when
 * its start is). Two queries whatever the range: the service, then the calendars.
 */
export async function getAvailability({ ctx, input }: { ctx: AvailabilityContext; input: GetAvailabilityInput }): Promise<AvailabilityAnswer> {
  const fromMs = input.from.getTime();
  const toMs = input.to.getTime();
  assertRange(fromMs, toMs);

  const [service] = await ctx.db
    .select()
    .from(services)
    .where(and(eq(services.id, input.serviceId), eq(services.workspaceId, ctx.workspace.id)));
  if (!service || !service.active) throw notFound("service");

  const now = ctx.clock.now();
  const rules = toServiceRules(service);
  // Slots for a new booking only when one could be made (a paid service needs a payment the
  // workspace can take); moving a booking (exclude_booking_id) takes no new payment.
  const offered = input.excludeBookingId ? isServiceBookable(service) : takesNewBookings(service, ctx.workspace);
  const window = offered ? allowedStartWindow(rules, now.getTime(), fromMs, toMs) : null;
  // Load what can touch an offered start: its occupied range reaches back by the buffer
  // before and forward by the duration and the buffer after.
  const loadFrom = new Date((window?.firstMs ?? fromMs) - rules.bufferBeforeMinutes * MINUTE_MS);
  const loadTo = new Date((window?.lastMs ?? fromMs) + (rules.durationMinutes + rules.bufferAfterMinutes) * MINUTE_MS);
  const load = {
    workspaceId: ctx.workspace.id,
    serviceId: service.id,
    loadFrom,
    loadTo,
    now,
    excludeBookingId: input.excludeBookingId,
    groupSessions: isGroupService(service),
  };
  // With the revision read before any data, what was loaded for a nearby range may serve (kept-calendars.ts).
  const calendars =
    ctx.availabilityRevision === undefined ? await loadCalendars(ctx.db, load) : await loadCalendarsKept(ctx.db, load, ctx.availabilityRevision);
  const nowMs = now.getTime();
  const firstHoldLapseMs = Math.min(...calendars.map((calendar) => calendar.firstHoldLapseMs ?? Infinity));
  const validUntilMs = Math.min(answerStableUntil(ctx.workspace.timezone, nowMs, fromMs, toMs), firstHoldLapseMs);
  if (!window) return { calendars: calendars.map((calendar) => ({ staffId: calendar.staffId, slots: [] })), validFromMs: nowMs, validUntilMs };

  const slots = computeAvailability({
    rules,
    timezone: ctx.workspace.timezone,
    slotIntervalMinutes: ctx.workspace.slotIntervalMinutes,
    calendars,
    nowMs,
    fromMs,
    toMs,
  });
  return { calendars: slots, validFromMs: nowMs, validUntilMs };
}
