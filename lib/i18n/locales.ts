/**
 * The languages customers are served in (docs/decisions.md#languages). Adding one: its code here and its
 * message file `lib/i18n/messages/<code>.json` (`npm run check:messages` lists what it lacks).
 */
export const LOCALES = ["en", "es", "fr", "de", "pt", "ar"] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = "en";

/** The customer's own choice on a page (set by the language switcher), remembered for a year. */
export const LOCALE_COOKIE = "NEXT_LOCALE";
export const LOCALE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** A console member's own choice of language (docs/console.md#languages), scoped to /console. */
export const CONSOLE_LOCALE_COOKIE = "console_locale";

/** Each language named in itself, as a switcher shows it. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: "English",
  es: "Español",
  fr: "Français",
  de: "Deutsch",
  pt: "Português",
  ar: "العربية",
};

const RIGHT_TO_LEFT: ReadonlySet<Locale> = new Set(["ar"]);

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

export function directionOf(locale: Locale): "ltr" | "rtl" {
  return RIGHT_TO_LEFT.has(locale) ? "rtl" : "ltr";
}
