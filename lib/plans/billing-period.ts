import { DateTime } from "luxon";

/** The billing period: the calendar month in UTC that contains `now`. */
export function billingPeriod(now: Date): { start: Date; end: Date; key: string } {
  const start = DateTime.fromJSDate(now, { zone: "utc" }).startOf("month");
  return { start: start.toJSDate(), end: start.plus({ months: 1 }).toJSDate(), key: start.toFormat("yyyy-MM") };
}
