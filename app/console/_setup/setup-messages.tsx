import type { ReactNode } from "react";
import { NextIntlClientProvider } from "next-intl";
import { getLocale } from "next-intl/server";
import { DEFAULT_LOCALE, isLocale } from "@/lib/i18n/locales";
import { clientMessages, MESSAGES } from "@/lib/i18n/messages";

/**
 * The setup pages' client forms read their words in the browser: the page namespaces the root
 * layout gives every page, plus the console's setup namespaces (only these pages ship them).
 */
export async function SetupMessages({ children }: { children: ReactNode }) {
  const requested = await getLocale();
  const locale = isLocale(requested) ? requested : DEFAULT_LOCALE;
  const { schedule, services, calendars } = MESSAGES[locale].console;
  return (
    <NextIntlClientProvider locale={locale} messages={{ ...clientMessages(locale), console: { schedule, services, calendars } }} timeZone="UTC">
      {children}
    </NextIntlClientProvider>
  );
}
