import { match } from "@formatjs/intl-localematcher";
import Negotiator from "negotiator";
import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from "./locales";

export type LocaleSignals = {
  /** The customer's own choice on a page (the switcher's cookie). */
  choice?: string | null;
  /**
   * A language the context names before the browser does: the host page's `lang` for the
   * widget frame, the language the booking was made in for its manage page.
   */
  hint?: string | null;
  /** The request's Accept-Language header. */
  acceptLanguage?: string | null;
  /** The workspace's `language`: for a browser whose preferences match none of ours. */
  fallback?: string | null;
};

/**
 * docs/decisions.md#languages, in one place: the customer's own choice, else the context's hint, else the
 * best match of Accept-Language, else the workspace's language, else English. Region and
 * script variants match their language (`pt-BR` → `pt`, `ar-EG` → `ar`); `*` and tags we do
 * not speak fall through to the next signal.
 */
export function negotiateLocale(signals: LocaleSignals): Locale {
  for (const explicit of [signals.choice, signals.hint]) {
    const matched = bestMatch(explicit ? [explicit] : []);
    if (matched) return matched;
  }
  const preferred = signals.acceptLanguage ? new Negotiator({ headers: { "accept-language": signals.acceptLanguage } }).languages() : [];
  const matched = bestMatch(preferred.filter((tag) => tag !== "*"));
  if (matched) return matched;
  return isLocale(signals.fallback) ? signals.fallback : DEFAULT_LOCALE;
}

const NO_MATCH = "und";

function bestMatch(requested: string[]): Locale | null {
  const valid = requested.flatMap((tag) => {
    try {
      return Intl.getCanonicalLocales(tag.trim());
    } catch {
      return [];
    }
  });
  if (valid.length === 0) return null;
  const found = match(valid, LOCALES, NO_MATCH, { algorithm: "lookup" });
  return isLocale(found) ? found : null;
}
