/**
 * Date-times on both sides of the instants the API accepts, [1970-01-01T00:00:00Z,
 * 2200-01-01T00:00:00Z) (docs/decisions.md#every-request-answered-by-our-code): each bound
 * to the second, offsets that carry an instant across it, and the far ends a date parser can
 * meet. Shared by the HTTP-level fuzz (tests/abuse/fuzz.test.ts) and the one over real HTTP
 * (e2e/support/schema-arbitrary.ts).
 */
export const INSTANT_EDGES = [
  "0000-01-01T00:00:00Z",
  "1969-12-31T23:59:59Z",
  "1970-01-01T00:00:00Z",
  "1970-01-01T00:00:00+14:00",
  "1970-01-01T00:00:00-12:00",
  "1971-06-01T00:00:00Z",
  "2199-12-31T23:59:59Z",
  "2199-12-31T23:59:59-12:00",
  "2200-01-01T00:00:00Z",
  "9999-12-31T23:45:00Z",
  "9999-12-31T23:59:59Z",
  "+275760-09-13T00:00:00Z",
  "-000001-01-01T00:00:00Z",
] as const;

/** Strings that are not RFC 3339 date-times with an offset, or name no real instant. */
export const MALFORMED_DATE_TIMES = [
  "2026-02-30T10:00:00Z",
  "2026-06-01T10:00:00",
  "2026-06-01 10:00:00Z",
  "2026-06-01T24:00:00Z",
  "2026-06-01T10:00:00.123456789+05:45",
  "2026-06-01T10:00:00+24:00",
  "1e10",
  "",
] as const;
