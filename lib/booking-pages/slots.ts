import { DateTime } from "luxon";
import type { StaffSlots } from "./types";

/** `seatsLeft`: for a group service, the spots left at that time over the calendars offering it. */
export type DaySlot = { start: string; end: string; staffIds: string[]; seatsLeft?: number };

/**
 * Flattens the per-calendar availability into one list per start instant, remembering which
 * calendars offer it. With no calendar chosen the customer sees each time once, and the
 * booking is created without staff_id so the server picks the calendar.
 */
export function mergeSlots(data: StaffSlots[], staffId: string | null): DaySlot[] {
  const byStart = new Map<number, DaySlot>();
  for (const calendar of data) {
    if (staffId && calendar.staff_id !== staffId) continue;
    for (const slot of calendar.slots) {
      const key = DateTime.fromISO(slot.start, { setZone: true }).toMillis();
      const existing = byStart.get(key);
      if (existing) {
        existing.staffIds.push(calendar.staff_id);
        if (slot.seats_left !== undefined) existing.seatsLeft = (existing.seatsLeft ?? 0) + slot.seats_left;
      } else {
        byStart.set(key, {
          start: slot.start,
          end: slot.end,
          staffIds: [calendar.staff_id],
          ...(slot.seats_left === undefined ? {} : { seatsLeft: slot.seats_left }),
        });
      }
    }
  }
  return [...byStart.entries()].sort(([a], [b]) => a - b).map(([, slot]) => slot);
}

/** Groups slots by their calendar day in the zone being displayed. */
export function groupByDay(slots: DaySlot[], zone: string): Map<string, DaySlot[]> {
  const days = new Map<string, DaySlot[]>();
  for (const slot of slots) {
    const day = DateTime.fromISO(slot.start, { zone }).toISODate()!;
    const list = days.get(day);
    if (list) list.push(slot);
    else days.set(day, [slot]);
  }
  return days;
}

export type DayPart = "morning" | "afternoon" | "evening";

export function dayPart(iso: string, zone: string): DayPart {
  const hour = DateTime.fromISO(iso, { zone }).hour;
  return hour < 12 ? "morning" : hour < 17 ? "afternoon" : "evening";
}

/** The calendars that have at least one slot, in the order the bootstrap lists them. */
export function staffWithSlots(data: StaffSlots[]): Set<string> {
  return new Set(data.filter((calendar) => calendar.slots.length > 0).map((calendar) => calendar.staff_id));
}
