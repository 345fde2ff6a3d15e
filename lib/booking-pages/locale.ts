const FALLBACK_LOCALE = "en";

/**
 * The customer's locale from Accept-Language, so the server's first paint and the browser
 * format dates and money the same way. Only a tag Intl accepts is used.
 */
export function localeFromAcceptLanguage(header: string | null | undefined): string {
  const first = header?.split(",")[0]?.split(";")[0]?.trim();
  if (!first || first === "*") return FALLBACK_LOCALE;
  try {
    return Intl.getCanonicalLocales(first)[0] ?? FALLBACK_LOCALE;
  } catch {
    return FALLBACK_LOCALE;
  }
}
