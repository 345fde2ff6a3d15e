import { DateTime } from "luxon";
import type { TestWorkspace } from "./fixtures";
import { addService } from "./factories";

/** Bookings that repeat: the clock is pinned a fortnight before the end of daylight saving in both test zones. */
export const SERIES_NOW = "2027-10-01T08:00:00Z";

/** A local wall time on a date in the workspace's zone, as RFC 3339 with its offset. */
export function wall(ws: Pick<TestWorkspace, "timezone">, date: string, time: string): string {
  return DateTime.fromISO(`${date}T${time}`, { zone: ws.timezone }).toISO({ suppressMilliseconds: true })!;
}

export const localTimeOf = (iso: string, zone: string) => DateTime.fromISO(iso, { zone }).toFormat("ccc HH:mm");

/** A 45-minute service that takes series of up to 26 dates. */
export async function seriesService(ws: TestWorkspace, fields: Record<string, unknown> = {}) {
  return addService(ws, { name: "Physio", durationMinutes: 45, repeatMax: 26, ...fields });
}
