import { DateTime } from "luxon";

/** An instant in the workspace's zone, as the console shows every time (docs/console.md). */
export function formatWhen(date: Date, zone: string): string {
  return DateTime.fromJSDate(date, { zone }).toFormat("yyyy-MM-dd HH:mm");
}
