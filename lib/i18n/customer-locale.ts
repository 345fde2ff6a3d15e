import type { Locale } from "./locales";

/**
 * A customer's own locale (docs/decisions.md#languages): any BCP 47 tag (`en-US`, `pt-BR`, `de-CH`), as
 * Stripe keeps a customer's preferred locale. The language of a message still comes from the supported
 * languages (`customer.language`); the locale only decides how its dates and times are written.
 */

/** The tag in its canonical form (`EN-us` → `en-US`), or null when it is not a BCP 47 language tag. */
export function canonicalLocale(tag: string): string | null {
  // Intl accepts `en_US` nowhere, but would canonicalize some junk; the shape check keeps to BCP 47 syntax.
  if (!/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/.test(tag)) return null;
  try {
    const [canonical] = Intl.getCanonicalLocales(tag);
    return canonical ?? null;
  } catch {
    return null;
  }
}

/**
 * The locale a message in `language` formats its dates and times in: the customer's own when it is that
 * language (`en-US` for English), the message's language with the customer's region when it is another
 * (`de-CH` customer, English message → `en-CH`, Swiss 24-hour clock); null when nothing is known, and the
 * message keeps its language's own conventions.
 */
export function messageFormattingLocale(language: Locale, customerLocale: string | null | undefined): string | null {
  if (!customerLocale) return null;
  let parsed: Intl.Locale;
  try {
    parsed = new Intl.Locale(customerLocale);
  } catch {
    return null;
  }
  if (parsed.language === language) return customerLocale;
  return parsed.region ? `${language}-${parsed.region}` : null;
}
