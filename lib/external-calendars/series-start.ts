import type ICAL from "ical.js";
import { wallMsOf } from "./zone-offsets";

const DAY_MS = 86_400_000;
/** No zone is further than this from UTC (UTC+14, Kiribati). */
const MAX_OFFSET_MS = 15 * 3_600_000;

/**
 * Where ical.js should begin expanding a series so that every occurrence meeting
 * [fromMs, …) is still produced, without stepping through years of occurrences before it:
 * the series' DTSTART moved on by a whole number of its periods, or DTSTART itself.
 *
 * A DAILY or WEEKLY rule repeats exactly every INTERVAL days or weeks of wall time (weeks stay
 * aligned on WKST, weekdays stay weekdays), so the occurrences ical.js produces from
 * DTSTART + k periods are the series' own from that instant on. Only the first occurrence of
 * that run can differ (ical.js always yields its DTSTART), so the new start is kept more than
 * a period, the event's length and a day before the window: whatever it yields there is
 * passed over. The expansion itself stays ical.js's; nothing here computes an occurrence.
 *
 * DTSTART is kept when the shortcut cannot be exact: a COUNT (it counts from the first
 * occurrence), more than one RRULE, another frequency, a RANGE=THISANDFUTURE override, or
 * a moved occurrence (RECURRENCE-ID) earlier than the new start would be.
 */
export function seriesStartNear(event: ICAL.Event, fromMs: number, eventLengthMs: number): ICAL.Time {
  const start = event.startDate;
  const rules = event.component.getAllProperties("rrule");
  const rule = rules.length === 1 ? (rules[0]?.getFirstValue() as ICAL.Recur | undefined) : undefined;
  if (!rule || event.rangeExceptions.length > 0) return start;
  if (rule.count || (rule.freq !== "DAILY" && rule.freq !== "WEEKLY")) return start;
  const periodMs = (rule.freq === "WEEKLY" ? 7 : 1) * Math.max(1, rule.interval || 1) * DAY_MS;
  const startWallMs = wallMsOf(start);
  // The wall time of any instant is within 14 hours of it, whatever the zone.
  let periods = Math.floor((fromMs - MAX_OFFSET_MS - DAY_MS - eventLengthMs - startWallMs) / periodMs) - 1;
  for (const exception of Object.values(event.exceptions)) {
    periods = Math.min(periods, Math.floor((wallMsOf(exception.recurrenceId) - startWallMs) / periodMs) - 1);
  }
  if (periods < 1) return start;
  const moved = start.clone();
  moved.adjust((periods * periodMs) / DAY_MS, 0, 0, 0);
  return moved;
}
