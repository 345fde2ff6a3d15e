import { DEFAULT_LOCALE, isLocale, type Locale } from "@/lib/i18n/locales";
import ar from "./zone-cities/ar.json";
import de from "./zone-cities/de.json";
import en from "./zone-cities/en.json";
import es from "./zone-cities/es.json";
import fr from "./zone-cities/fr.json";
import pt from "./zone-cities/pt.json";
import { ianaCity, type ZoneNames } from "./zone-cities";
import { memoized } from "@/lib/cache/cache";
import { canonicalZone } from "@/lib/i18n/workspace-locale";

const TABLES: Record<Locale, ZoneNames> = { en, es, fr, de, pt, ar };

/**
 * The cities of the zones a page shows, in the page's language, for the server to hand to the
 * page's client components as data (docs/booking-flow.md#time-zones): server and browser then
 * print the same name. `locale` is the page's formatting locale ("pt-BR" names as "pt" does).
 */
export function zoneNamesFor(zones: readonly (string | null | undefined)[], locale: string): ZoneNames {
  const table = TABLES[languageOf(locale)];
  const names: Record<string, string> = {};
  for (const zone of zones) if (zone) names[zone] = table[zone] ?? table[canonicalZone(zone)] ?? ianaCity(zone);
  return names;
}

/** A locale's language among ours ("pt-BR" → "pt"), kept by locale: `Intl.Locale` costs more than the lookup it serves. */
const languageOf = memoized<Locale>({ maxBytes: 64 * 1024, sizeOf: (_, key) => key.length + 16 }, (locale) => {
  try {
    const language = new Intl.Locale(locale).language;
    return isLocale(language) ? language : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
});
