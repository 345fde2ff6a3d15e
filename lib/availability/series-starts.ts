import { DateTime } from "luxon";

export type RepeatEvery = "week" | "2_weeks" | "4_weeks";

/** Weeks between two occurrences of a series, by `repeat.every`. */
export const REPEAT_WEEKS: Record<RepeatEvery, number> = { week: 1, "2_weeks": 2, "4_weeks": 4 };

/**
 * The starts of a series: the first, then every `every` at the same local time in the
 * workspace's zone (10:00 stays 10:00 across a daylight-saving change; luxon adds calendar
 * weeks, not 168-hour blocks). Shared by the create (lib/bookings/create-series.ts) and
 * availability's repeat filter.
 */
export function seriesStarts(first: Date, repeat: { every: RepeatEvery; count: number }, timezone: string): Date[] {
  const local = DateTime.fromJSDate(first, { zone: timezone });
  return Array.from({ length: repeat.count }, (_, index) => local.plus({ weeks: index * REPEAT_WEEKS[repeat.every] }).toJSDate());
}
