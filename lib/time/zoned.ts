import { DateTime } from "luxon";

/**
 * Instants written for a business: the workspace's own offset on that instant, e.g.
 * 2026-03-08T09:00:00-04:00. Every zone conversion goes through luxon.
 */
export function toZonedIso(instant: Date, timezone: string): string {
  return DateTime.fromJSDate(instant, { zone: timezone }).toISO({ suppressMilliseconds: true, includeOffset: true })!;
}

/** Other instants (created_at, hold_expires_at, …) in UTC with a Z. */
export function toUtcIso(instant: Date): string {
  return DateTime.fromJSDate(instant, { zone: "utc" }).toISO({ suppressMilliseconds: true })!.replace("+00:00", "Z");
}

export function toUtcIsoOrNull(instant: Date | null | undefined): string | null {
  return instant ? toUtcIso(instant) : null;
}

/** Parses an RFC 3339 date-time that zod already validated. */
export function parseInstant(value: string): Date {
  return DateTime.fromISO(value, { setZone: true }).toJSDate();
}
