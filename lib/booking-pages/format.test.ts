import { describe, expect, it } from "vitest";
import { formatCountdown, formatDuration, formatMoney, monthRangeInZone, zoneCity } from "./format";
import { localeFromAcceptLanguage } from "./locale";
import { describeError, secondsToNextMinute } from "./messages";
import { wordingFor } from "./wording";

describe("formatMoney", () => {
  it("uses the currency's own minor unit", () => {
    expect(formatMoney(4500, "usd", "en-US")).toBe("$45.00");
    expect(formatMoney(4500, "jpy", "en-US")).toBe("¥4,500");
    expect(formatMoney(12345, "kwd", "en-US")).toMatch(/^KWD\s12\.345$/);
  });

  it("keeps a Latin currency symbol in its own order on a right-to-left page", () => {
    expect(formatMoney(2000, "usd", "ar")).toContain("\u2066US$\u2069");
    expect(formatMoney(2000, "usd", "en")).toBe("$20.00");
  });
});

describe("time helpers", () => {
  it("formats durations and countdowns", () => {
    expect(formatDuration(45, "en-US")).toBe("45 min");
    expect(formatDuration(90, "en-US")).toBe("1 hr 30 min");
    expect(formatCountdown(125.2)).toBe("2:06");
    expect(formatCountdown(-3)).toBe("0:00");
  });

  it("asks for a month in the zone shown, across a DST change", () => {
    expect(monthRangeInZone("2026-03-01", "America/New_York")).toEqual({ from: "2026-03-01T05:00:00.000Z", to: "2026-04-01T04:00:00.000Z" });
    expect(zoneCity("America/Argentina/Buenos_Aires")).toBe("Buenos Aires");
  });

  it("reads the locale from Accept-Language, falling back to en", () => {
    expect(localeFromAcceptLanguage("fr-CA,fr;q=0.9,en;q=0.8")).toBe("fr-CA");
    expect(localeFromAcceptLanguage("*")).toBe("en");
    expect(localeFromAcceptLanguage("not a locale!!")).toBe("en");
    expect(localeFromAcceptLanguage(null)).toBe("en");
  });
});

describe("error messages", () => {
  it("matches on the type and tells apart the two 429s", () => {
    const limited = describeError({ kind: "http", status: 429, type: "rate_limited", message: "" }, "booking");
    expect(limited).toMatchObject({ retry: true, waitForNextMinute: true });
    const refused = describeError({ kind: "http", status: 429, type: "booking_volume_refused", message: "" }, "booking");
    expect(refused.retry).toBe(false);
  });

  it("falls back to the class of the status for unknown types, and says a network failure lost nothing", () => {
    expect(describeError({ kind: "http", status: 503, type: "brand_new_type", message: "" }, "booking").retry).toBe(true);
    expect(describeError({ kind: "http", status: 418, type: "brand_new_type", message: "" }, "booking").retry).toBe(false);
    expect(describeError({ kind: "network" }, "booking").body).toMatch(/Nothing you entered has been lost/);
  });

  it("counts down to the next calendar minute", () => {
    expect(secondsToNextMinute(Date.parse("2026-03-12T09:00:45.500Z"))).toBe(15);
    expect(secondsToNextMinute(Date.parse("2026-03-12T09:00:00.000Z"))).toBe(60);
  });
});

describe("wording", () => {
  it("changes words by vertical and falls back to general", () => {
    expect(wordingFor("salon").staff).toBe("Stylist");
    expect(wordingFor("unknown_vertical").staff).toBe("Staff member");
  });
});
