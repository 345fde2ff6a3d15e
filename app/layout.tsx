import type { Metadata } from "next";
import type { ReactNode } from "react";
import { NextIntlClientProvider } from "next-intl";
import { getLocale } from "next-intl/server";
import { PLATFORM_BRAND, themeCss } from "@/lib/brand/theme-css";
import { directionOf, isLocale, DEFAULT_LOCALE } from "@/lib/i18n/locales";
import { clientMessages } from "@/lib/i18n/messages";
import "./globals.css";

export const metadata: Metadata = { title: "Bookings", description: "Appointment booking" };

/**
 * `<html lang dir>` in the page's language from the first byte (docs/decisions.md#languages): the locale is
 * negotiated per request (lib/i18n/page-locale.ts), so no page flashes in another language.
 * Client components get the page namespaces of the same locale's messages.
 */
export default async function RootLayout({ children }: { children: ReactNode }) {
  const requested = await getLocale();
  const locale = isLocale(requested) ? requested : DEFAULT_LOCALE;
  return (
    <html lang={locale} dir={directionOf(locale)}>
      <head>
        {/* The platform's colour tokens (lib/brand); a business's pages add their own over them. */}
        <style>{themeCss(PLATFORM_BRAND)}</style>
      </head>
      <body>
        <NextIntlClientProvider locale={locale} messages={clientMessages(locale)} timeZone="UTC">
          {children}
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
