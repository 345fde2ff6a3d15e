import { DateTime } from "luxon";
import type { Queryable } from "@/lib/db/client";
import type { ServiceRow, WorkspaceRow } from "@/lib/db/schema";
import { classifyStart, takenBy, type CalendarInput, type StartCheck, type TakenBy } from "./engine";
import { loadCalendars, type LoadCalendarsInput, type LoadedCalendar } from "./load-calendars";
import { isGroupService, isServiceBookable, toServiceRules } from "./service-rules";
import { MINUTE_MS } from "./zone-timeline";

/**
 * The check booking creation and rescheduling use for a requested start, consistent with
 * GET /v1/availability by construction (same engine, same data):
 * - "ok": the start is offered on that calendar;
 * - "closed" | "booked" | "full": it would be offered, but the calendar's time off covers it, a live
 *   booking or busy time overlaps it, or its group session has no seat left (→ 409 slot_unavailable,
 *   whose message says which);
 * - "outside_working_hours": the appointment is not inside any working-hours block of the
 *   calendar on that day (→ 422 outside_working_hours);
 * - "not_offered": anything else: off the slot grid, before min_lead or after max_advance,
 *   a calendar that is inactive or does not offer the service, or a service that cannot be
 *   booked (inactive, or a payment amount that cannot be computed) (→ 422, param starts_at).
 * `db` may be the caller's transaction. The check is advisory: the exclusion constraint is
 * what makes a double booking impossible.
 */
export type SlotCheck = Exclude<StartCheck, "taken"> | TakenBy;

export type CheckSlotInput = {
  db: Queryable;
  workspace: WorkspaceRow;
  service: ServiceRow;
  startsAt: Date;
  now: Date;
  /** The booking being moved: its own occupied range does not block it. */
  excludeBookingId?: string;
};

export async function checkSlot(input: CheckSlotInput & { staffId: string }): Promise<SlotCheck> {
  if (!isServiceBookable(input.service)) return "not_offered";
  const [calendar] = await loadCalendarsAround(input, [input.staffId]);
  if (!calendar) return "not_offered";
  return classify(input, calendar);
}

export type CandidateCalendars = {
  /** Calendars on which the start is "ok", fairest first; try them in order. */
  staffIds: string[];
  /**
   * When staffIds is empty, why: how it is taken ("full", "booked", then "closed") if the start is
   * offered on some calendar but taken on all of them, else "not_offered" if some calendar has it inside its hours, else
   * "outside_working_hours" (also when no calendar offers the service: "not_offered").
   */
  refusal: Exclude<SlotCheck, "ok"> | null;
};

/**
 * The calendars that can take a start when the customer names none: deterministic and fair,
 * the one with the fewest live bookings that local day (workspace zone) first, then the
 * oldest calendar. One query whatever the number of calendars: their bookings that day are
 * counted in the same statement that loads them.
 */
export async function pickCandidateCalendars(input: CheckSlotInput): Promise<CandidateCalendars> {
  if (!isServiceBookable(input.service)) return { staffIds: [], refusal: "not_offered" };
  const day = DateTime.fromJSDate(input.startsAt, { zone: input.workspace.timezone }).startOf("day");
  const calendars = await loadCalendarsAround(input, undefined, { from: day.toJSDate(), to: day.plus({ days: 1 }).toJSDate() });
  if (calendars.length === 0) return { staffIds: [], refusal: "not_offered" };
  const startMs = input.startsAt.getTime();
  const checks = calendars.map((calendar) => ({ staffId: calendar.staffId, check: classify(input, calendar) }));
  const open = checks.filter((entry) => entry.check === "ok").map((entry) => entry.staffId);
  if (open.length === 0) {
    const refusal = (["full", "booked", "closed", "not_offered"] as const).find((reason) => checks.some((entry) => entry.check === reason));
    return { staffIds: [], refusal: refusal ?? "outside_working_hours" };
  }
  const load = new Map(calendars.map((calendar) => [calendar.staffId, calendar.bookingsStarting ?? 0]));
  // A group service: a session already open at this start is joined first, the one with the
  // fewest seats left before the others; then new sessions by the same fair order (docs/group-sessions.md).
  const seated = new Map(calendars.map((calendar) => [calendar.staffId, calendar.sessions?.find((session) => session.startMs === startMs)?.seatsTaken ?? 0]));
  // A stable sort keeps creation order among calendars with the same load.
  const order = (a: string, b: string) => (seated.get(b) ?? 0) - (seated.get(a) ?? 0) || (load.get(a) ?? 0) - (load.get(b) ?? 0);
  return { staffIds: [...open].sort(order), refusal: null };
}

function loadCalendarsAround(input: CheckSlotInput, staffIds?: string[], countStarting?: LoadCalendarsInput["countStarting"]): Promise<LoadedCalendar[]> {
  const startMs = input.startsAt.getTime();
  const { durationMinutes, bufferBeforeMinutes, bufferAfterMinutes } = input.service;
  return loadCalendars(input.db, {
    workspaceId: input.workspace.id,
    serviceId: input.service.id,
    staffIds,
    loadFrom: new Date(startMs - bufferBeforeMinutes * MINUTE_MS),
    loadTo: new Date(startMs + (durationMinutes + bufferAfterMinutes) * MINUTE_MS),
    now: input.now,
    excludeBookingId: input.excludeBookingId,
    groupSessions: isGroupService(input.service),
    countStarting,
  });
}

function classify(input: CheckSlotInput, calendar: CalendarInput): SlotCheck {
  const rules = toServiceRules(input.service);
  const startMs = input.startsAt.getTime();
  const check = classifyStart(
    { rules, timezone: input.workspace.timezone, slotIntervalMinutes: input.workspace.slotIntervalMinutes, nowMs: input.now.getTime() },
    calendar,
    startMs,
  );
  return check === "taken" ? takenBy({ rules }, calendar, startMs) : check;
}
