import { DateTime } from "luxon";

/**
 * The instants the API accepts (docs/decisions.md#every-request-answered-by-our-code): [1970-01-01T00:00:00Z, 2200-01-01T00:00:00Z).
 * Wide enough for any appointment, narrow enough that every instant converts to any zone
 * with a four-digit year and stays within what PostgreSQL, luxon and the slot math handle.
 */
export const INSTANT_RANGE = { from: "1970-01-01T00:00:00Z", until: "2200-01-01T00:00:00Z" } as const;
const RANGE_FROM_MS = Date.parse(INSTANT_RANGE.from);
const RANGE_UNTIL_MS = Date.parse(INSTANT_RANGE.until);

export function isWithinInstantRange(instant: Date): boolean {
  const ms = instant.getTime();
  return ms >= RANGE_FROM_MS && ms < RANGE_UNTIL_MS;
}

/** RFC 3339 can write the years 0000–9999 only. */
const WRITABLE_FROM_MS = Date.parse("0000-01-01T00:00:00Z");
const WRITABLE_UNTIL_MS = Date.parse("9999-12-31T23:59:59.999Z");

/**
 * The one writer of instants for a business: the zone's own offset on that instant, e.g.
 * 2026-03-08T09:00:00-04:00. RFC 3339 offsets are whole minutes; a zone's local mean time
 * (Africa/Monrovia's −00:44:30 until 1972) is not, and luxon would truncate it to "-00:44"
 * beside the true wall time, naming another instant: such an instant is written in UTC.
 */
export function toZonedIso(instant: Date, timezone: string): string {
  const zoned = DateTime.fromJSDate(instant, { zone: timezone });
  if (!Number.isInteger(zoned.offset) || zoned.year < 0 || zoned.year > 9999) return toUtcIso(instant);
  return zoned.toISO({ suppressMilliseconds: true, includeOffset: true })!;
}

/**
 * The one writer of other instants (created_at, hold_expires_at, …): UTC with a Z. Every
 * stored instant came in through the request range; one outside the four-digit years could
 * only predate that rule, and is written as the nearest instant RFC 3339 can write.
 */
export function toUtcIso(instant: Date): string {
  const ms = Math.min(Math.max(instant.getTime(), WRITABLE_FROM_MS), WRITABLE_UNTIL_MS);
  // ECMAScript's own writer is RFC 3339 in UTC for the four-digit years; whole seconds drop ".000".
  const iso = new Date(ms).toISOString();
  return iso.endsWith(".000Z") ? `${iso.slice(0, -5)}Z` : iso;
}

export function toUtcIsoOrNull(instant: Date | null | undefined): string | null {
  return instant ? toUtcIso(instant) : null;
}

/** Parses an RFC 3339 date-time that zod already validated. */
export function parseInstant(value: string): Date {
  return DateTime.fromISO(value, { setZone: true }).toJSDate();
}
