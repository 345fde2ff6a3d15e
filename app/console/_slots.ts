import { DateTime } from "luxon";
import { getAvailabilityJson } from "@/lib/availability/answer-cache";
import type { AvailabilityResponse } from "@/lib/availability/schemas";
import type { ServiceContext } from "@/lib/context";

export type OfferedDay = { label: string; slots: { start: string; label: string; staffId: string }[] };

/**
 * The times the API offers for a service (the same availability an integrator reads), over the
 * next `days` local days from now, grouped by day in the workspace's zone. Only starts more than
 * a few minutes away, so a time cannot start while the member is choosing it.
 */
export async function offeredDays(
  ctx: ServiceContext,
  input: { serviceId: string; days: number; locale: string; staffId?: string; excludeBookingId?: string },
): Promise<OfferedDay[]> {
  const zone = ctx.workspace.timezone;
  const now = ctx.clock.now();
  const from = DateTime.fromJSDate(now, { zone }).startOf("day");
  const to = from.plus({ days: input.days });
  const answer = await getAvailabilityJson({
    ctx,
    input: { serviceId: input.serviceId, from: from.toJSDate(), to: to.toJSDate(), excludeBookingId: input.excludeBookingId },
  });
  const body = JSON.parse(Buffer.concat(answer.pieces).toString("utf8")) as AvailabilityResponse;
  const soonest = now.getTime() + 10 * 60_000;
  const byStart = new Map<string, string>();
  for (const calendar of body.data) {
    if (input.staffId && calendar.staff_id !== input.staffId) continue;
    for (const slot of calendar.slots) if (!byStart.has(slot.start) && Date.parse(slot.start) > soonest) byStart.set(slot.start, calendar.staff_id);
  }
  const days = new Map<string, OfferedDay>();
  for (const [start, staffId] of [...byStart].sort(([a], [b]) => Date.parse(a) - Date.parse(b))) {
    const local = DateTime.fromISO(start, { zone }).setLocale(input.locale);
    const key = local.toISODate() ?? start;
    const day = days.get(key) ?? { label: local.toLocaleString(DateTime.DATE_HUGE), slots: [] };
    day.slots.push({ start, label: local.toLocaleString(DateTime.TIME_24_SIMPLE), staffId });
    days.set(key, day);
  }
  return [...days.values()];
}
