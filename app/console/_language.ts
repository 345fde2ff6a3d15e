"use server";

import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { getConfig } from "@/lib/config";
import { CONSOLE_LOCALE_COOKIE, isLocale, LOCALE_COOKIE_MAX_AGE_SECONDS } from "@/lib/i18n/locales";

/**
 * The console header's language chooser (docs/console.md#languages): the member's choice is kept
 * in a cookie scoped to /console for a year, then the page they were on is shown again in it.
 * A plain form post, so it works before (or without) JavaScript.
 */
export async function chooseConsoleLanguageAction(form: FormData): Promise<void> {
  const locale = String(form.get("locale") ?? "");
  const back = String(form.get("back") ?? "");
  if (isLocale(locale)) {
    (await cookies()).set(CONSOLE_LOCALE_COOKIE, locale, {
      httpOnly: true,
      sameSite: "lax",
      secure: getConfig().appUrl.startsWith("https://"),
      path: "/console",
      maxAge: LOCALE_COOKIE_MAX_AGE_SECONDS,
    });
  }
  // Only a console path of this app, never an address taken from elsewhere.
  redirect(/^\/console(\/[\w\-/]*)?$/.test(back) ? back : "/console");
}
