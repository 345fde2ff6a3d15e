import { memoized } from "@/lib/cache/cache";
import type { Locale } from "./locales";
import ZONE_COUNTRIES from "./zone-countries.json";

/**
 * Where a workspace is, for formatting what no reader's locale decides (the business's own email, a
 * booking made through the API without `customer.locale`): the country of its time zone, from
 * tzdata's zone.tab (lib/i18n/zone-countries.json). A page formats in the browser's locale
 * (lib/i18n/formatting-locale.ts); a message to the business formats as a page shown there would.
 */
const COUNTRIES: Readonly<Record<string, string>> = ZONE_COUNTRIES;

/** "America/New_York" → "US"; null for a zone of no country (Etc/UTC). */
export function countryOfZone(zone: string): string | null {
  return COUNTRIES[zone] ?? COUNTRIES[canonicalZone(zone)] ?? null;
}

/**
 * The workspace's language in its zone's country (`en` in America/Chicago → `en-US`, `es` in America/Bogota →
 * `es-CO`), or null when the zone names no country. English where the country reads a 24-hour clock stays
 * null: the emails' house style (day first, "09:00") is already how those readers write it.
 */
export function workspaceFormattingLocale(language: Locale, zone: string): string | null {
  const country = countryOfZone(zone);
  if (!country) return null;
  const locale = `${language}-${country}`;
  if (language === "en" && !readsTwelveHours(locale)) return null;
  return locale;
}

/**
 * Facts ICU works out by building a formatter (tens of microseconds each), asked for by every
 * message and page: kept by their key, a locale or a zone name (a few hundred of each exist).
 */
const SMALL_FACTS = { maxBytes: 64 * 1024, sizeOf: (_: unknown, key: string) => key.length + 16 };

const readsTwelveHours = memoized<boolean>(SMALL_FACTS, (locale) => new Intl.DateTimeFormat(locale, { hour: "numeric" }).resolvedOptions().hour12 === true);

/** The name ICU knows a zone by ("Asia/Calcutta" for an alias the tables may lack); the name itself when ICU knows none. */
export const canonicalZone = memoized<string>(SMALL_FACTS, (zone) => {
  try {
    return new Intl.DateTimeFormat("en", { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return zone;
  }
});
