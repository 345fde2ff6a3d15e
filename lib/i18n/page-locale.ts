import { cache } from "react";
import { cookies, headers } from "next/headers";
import { formattingLocale } from "./formatting-locale";
import { loadPageLanguages } from "./load-page-languages";
import { CONSOLE_LOCALE_COOKIE, DEFAULT_LOCALE, LOCALE_COOKIE, type Locale } from "./locales";
import { negotiateLocale } from "./negotiate";
import { PAGE_LANG_HINT_HEADER, PAGE_PATH_HEADER, pageScopeOf } from "./page-scope";

/**
 * The language of the page being rendered, once per request (the root layout's `<html lang
 * dir>`, every server component's translations and the client provider all read this one
 * answer). Customer pages and the console negotiate (docs/decisions.md#languages); the docs and the landing page are
 * written in English and say so.
 */
export const resolvePageLocale = cache(async (): Promise<Locale> => {
  const requestHeaders = await headers();
  const scope = pageScopeOf(requestHeaders.get(PAGE_PATH_HEADER));
  if (!scope) return DEFAULT_LOCALE;
  if (scope.kind === "console") {
    // The member's choice in the console's header, else the browser (docs/console.md#languages).
    return negotiateLocale({ choice: (await cookies()).get(CONSOLE_LOCALE_COOKIE)?.value, acceptLanguage: requestHeaders.get("accept-language") });
  }
  const stored = await loadPageLanguages(scope);
  return negotiateLocale({
    choice: (await cookies()).get(LOCALE_COOKIE)?.value,
    hint: requestHeaders.get(PAGE_LANG_HINT_HEADER) ?? stored.bookingLanguage,
    acceptLanguage: requestHeaders.get("accept-language"),
    fallback: stored.workspaceLanguage,
  });
});

/** The locale the page formats dates, times and money in (lib/i18n/formatting-locale.ts): what the pages' `locale` props carry. */
export async function resolveFormattingLocale(): Promise<string> {
  return formattingLocale(await resolvePageLocale(), (await headers()).get("accept-language"));
}
