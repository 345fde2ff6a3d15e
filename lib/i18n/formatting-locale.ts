import Negotiator from "negotiator";
import type { Locale } from "./locales";

/**
 * The locale dates, times, numbers and money are formatted in on a page: the browser's own
 * tag when it is a variant of the page's language (`en-GB` on an English page keeps its
 * day-month order, `pt-PT` its conventions), else the page's language itself, so a page never
 * formats in a language it does not speak.
 */
export function formattingLocale(pageLocale: Locale, acceptLanguage: string | null | undefined): string {
  const preferred = acceptLanguage ? new Negotiator({ headers: { "accept-language": acceptLanguage } }).languages() : [];
  for (const tag of preferred) {
    try {
      const [canonical] = Intl.getCanonicalLocales(tag);
      if (canonical && new Intl.Locale(canonical).language === pageLocale) return canonical;
    } catch {
      // Not a language tag: the next one.
    }
  }
  return pageLocale;
}
