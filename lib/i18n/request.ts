import { getRequestConfig } from "next-intl/server";
import { isLocale } from "./locales";
import { MESSAGES } from "./messages";
import { resolvePageLocale } from "./page-locale";

/**
 * next-intl's per-request configuration (next.config.ts points its plugin here). No locale
 * segment in the URL: the locale is negotiated per request (lib/i18n/page-locale.ts), unless
 * a caller asks for one explicitly (`getTranslations({ locale, namespace })`).
 */
export default getRequestConfig(async ({ locale: explicit }) => {
  const locale = isLocale(explicit) ? explicit : await resolvePageLocale();
  // Instants on the pages are formatted with an explicit zone (the workspace's or the
  // customer's); UTC here only keeps server and browser output identical when one is missing.
  return { locale, messages: MESSAGES[locale], timeZone: "UTC" };
});
