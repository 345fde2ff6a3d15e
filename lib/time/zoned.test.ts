import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { INSTANT_RANGE, isWithinInstantRange, toUtcIso, toZonedIso } from "./zoned";

/** RFC 3339 date-time with a four-digit year and a whole-minute offset. */
const RFC_3339 = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{3})?(Z|[+-]\d\d:\d\d)$/;
const ZONES = Intl.supportedValuesOf("timeZone");
const FROM_MS = Date.parse(INSTANT_RANGE.from);
const UNTIL_MS = Date.parse(INSTANT_RANGE.until);

describe("the instant writers", () => {
  it("write every instant of the range, in every zone, as RFC 3339 naming that same instant", () => {
    fc.assert(
      fc.property(fc.constantFrom(...ZONES), fc.integer({ min: FROM_MS, max: UNTIL_MS - 1 }), (zone, ms) => {
        const written = toZonedIso(new Date(ms), zone);
        expect(written).toMatch(RFC_3339);
        expect(Date.parse(written)).toBe(ms);
        expect(toUtcIso(new Date(ms))).toMatch(/Z$/);
        expect(Date.parse(toUtcIso(new Date(ms)))).toBe(ms);
      }),
      { numRuns: 3_000 },
    );
  });

  it("write a local-mean-time instant in UTC rather than with a truncated offset", () => {
    // Africa/Monrovia kept −00:44:30 until 1972; luxon alone writes "…23:15:30-00:44", 30 s off.
    expect(toZonedIso(new Date("1971-06-01T00:00:00Z"), "Africa/Monrovia")).toBe("1971-06-01T00:00:00Z");
    expect(toZonedIso(new Date("1900-01-01T00:00:00Z"), "Asia/Kolkata")).toBe("1900-01-01T00:00:00Z");
    expect(toZonedIso(new Date("1972-06-01T00:00:00Z"), "Africa/Monrovia")).toBe("1972-06-01T00:00:00+00:00");
    expect(toZonedIso(new Date("2026-07-01T09:00:00Z"), "Asia/Kolkata")).toBe("2026-07-01T14:30:00+05:30");
  });

  it("write whole seconds without a fraction and any other instant to the millisecond", () => {
    expect(toUtcIso(new Date("2026-03-08T07:00:00.000Z"))).toBe("2026-03-08T07:00:00Z");
    expect(toUtcIso(new Date("2026-03-08T07:00:00.250Z"))).toBe("2026-03-08T07:00:00.250Z");
  });

  it("never write more than four digits of year", () => {
    expect(toZonedIso(new Date("9999-12-31T23:59:59Z"), "Asia/Kolkata")).toBe("9999-12-31T23:59:59Z");
    expect(toUtcIso(new Date(Date.parse("+010000-01-01T00:00:00Z")))).toBe("9999-12-31T23:59:59.999Z");
    expect(toUtcIso(new Date(Date.parse("-000001-01-01T00:00:00Z")))).toBe("0000-01-01T00:00:00Z");
  });

  it("bound the range half-open", () => {
    expect(isWithinInstantRange(new Date(FROM_MS))).toBe(true);
    expect(isWithinInstantRange(new Date(FROM_MS - 1))).toBe(false);
    expect(isWithinInstantRange(new Date(UNTIL_MS - 1))).toBe(true);
    expect(isWithinInstantRange(new Date(UNTIL_MS))).toBe(false);
  });
});
