import { DateTime } from "luxon";
import { createTranslator } from "use-intl/core";
import { formatMoney } from "@/lib/booking-pages/format";
import type { Locale } from "@/lib/i18n/locales";
import { MESSAGES } from "@/lib/i18n/messages";

/**
 * Messages to a customer are written in the booking's language (docs/decisions.md#languages) from the same
 * message files as the pages (`email.*`, `sms.*`), through next-intl's core translator: ICU
 * outside React. Dates, times and money are formatted for that language.
 */
function createFor(locale: Locale) {
  return createTranslator({ locale, messages: MESSAGES[locale] });
}
export type Translate = ReturnType<typeof createFor>;

const translators = new Map<Locale, Translate>();

export function translatorFor(locale: Locale): Translate {
  const known = translators.get(locale);
  if (known) return known;
  const created = createFor(locale);
  translators.set(locale, created);
  return created;
}

export type Wall = { date: string; shortDate: string; time: string };

/**
 * An instant as a person in `zone` reads it. With the customer's own locale (`formatting`, e.g. `en-US`) it
 * takes that region's conventions from Intl ("Tuesday, March 10, 2026", "9:45 AM"). Without it, English keeps
 * the house style its emails have always had ("Tuesday 10 March 2026", 24-hour "09:00"); other languages
 * take their own conventions ("martes, 10 de marzo de 2026", "9:00 ص").
 */
export function wallTime(instant: Date, zone: string, locale: Locale, formatting?: string | null): Wall {
  const at = DateTime.fromJSDate(instant, { zone });
  if (locale === "en" && !formatting) {
    const british = at.setLocale("en-GB");
    return { date: british.toFormat("cccc d LLLL yyyy"), shortDate: british.toFormat("d LLL"), time: at.toFormat("HH:mm") };
  }
  const local = at.setLocale(formatting ?? locale);
  return {
    date: local.toLocaleString({ weekday: "long", day: "numeric", month: "long", year: "numeric" }),
    shortDate: local.toLocaleString({ day: "numeric", month: "short" }),
    time: local.toLocaleString(DateTime.TIME_SIMPLE),
  };
}

export function money(cents: number, currency: string, locale: Locale): string {
  return formatMoney(cents, currency, locale);
}
