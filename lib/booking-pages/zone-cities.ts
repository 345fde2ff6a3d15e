import type { Locale } from "@/lib/i18n/locales";

/**
 * Time zone → its city in one page language ("Europe/Lisbon" → "Lisboa" on a Portuguese page).
 * The server names the zones a page shows and hands them to the page as data, so server and
 * browser print the same city (docs/booking-flow.md#time-zones); a zone missing from it is named
 * by its IANA id.
 */
export type ZoneNames = Readonly<Record<string, string>>;

export const NO_ZONE_NAMES: ZoneNames = Object.freeze({});

/** The city of an IANA id: "New York" from America/New_York; what every language falls back to. */
export function ianaCity(zone: string): string {
  return (zone.split("/").pop() ?? zone).replaceAll("_", " ");
}

/**
 * A language's whole table (lib/booking-pages/zone-cities/, from CLDR by scripts/zone-cities.mjs),
 * as a chunk of its own: the browser loads it only for its own zone when the page was not given
 * that zone's name (the server cannot know the browser's zone), never on the first paint.
 */
export async function loadZoneCities(language: Locale): Promise<ZoneNames> {
  switch (language) {
    case "es":
      return (await import("./zone-cities/es.json")).default;
    case "fr":
      return (await import("./zone-cities/fr.json")).default;
    case "de":
      return (await import("./zone-cities/de.json")).default;
    case "pt":
      return (await import("./zone-cities/pt.json")).default;
    case "ar":
      return (await import("./zone-cities/ar.json")).default;
    default:
      return (await import("./zone-cities/en.json")).default;
  }
}
