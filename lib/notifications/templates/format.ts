import { parsePhoneNumberFromString } from "libphonenumber-js";
import { zoneNamesFor } from "@/lib/booking-pages/zone-names";
import { directionOf, type Locale } from "@/lib/i18n/locales";
import { wallTime, type Translate } from "./i18n";

/**
 * Helpers shared by the message templates. Every business- or customer-supplied string that
 * reaches HTML goes through `escapeHtml` (docs/decisions.md#safety: plain text is rendered as text).
 */
const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** Plain text kept as text in HTML: escaped, line breaks preserved. */
export function textToHtml(value: string): string {
  return escapeHtml(value).replace(/\r?\n/g, "<br>");
}

/** A header value (subject) must be one line whatever a business named itself. */
export function oneLine(value: string): string {
  return value.replace(/[\r\n\t]+/g, " ").trim();
}

/**
 * The language a message is written in, with its translator; `formatting`, when the customer's own locale is
 * known, the locale its dates and times are written for (lib/i18n/customer-locale.ts).
 */
export type Speech = { locale: Locale; t: Translate; formatting?: string | null };

/**
 * A zone as the pages name it, by its city in the message's language ("New York" for America/New_York,
 * "Lisboa" for Europe/Lisbon in Portuguese; docs/booking-flow.md#time-zones).
 */
export function zoneCityIn(zone: string, locale: Locale): string {
  return zoneNamesFor([zone], locale)[zone] ?? zone;
}

/** "Tuesday 10 March 2026, 09:00–10:00 (Paris time)": the wall time in a zone, zone named by its city as the pages name it. */
export function formatAppointment(startsAt: Date, endsAt: Date, timezone: string, { locale, t, formatting }: Speech): string {
  const start = wallTime(startsAt, timezone, locale, formatting);
  const end = wallTime(endsAt, timezone, locale, formatting);
  const city = zoneCityIn(timezone, locale);
  // One day in the zone exactly when both ends read the same date there.
  return start.date === end.date
    ? t("email.appointment", { date: start.date, start: start.time, end: end.time, city })
    : t("email.appointmentAcrossDays", { date: start.date, start: start.time, endDate: end.date, end: end.time, city });
}

/**
 * docs/decisions.md#time-zones: the customer's own zone beside the business's, only when it is known and
 * another zone (null otherwise, and the caller shows the business's time alone).
 */
export function customerZoneShown(customerTimezone: string | null, businessTimezone: string): string | null {
  return customerTimezone && customerTimezone !== businessTimezone ? customerTimezone : null;
}

/** "10 Mar, 09:00 (Paris time)": short form for SMS. */
export function formatAppointmentShort(startsAt: Date, timezone: string, { locale, t, formatting }: Speech): string {
  const start = wallTime(startsAt, timezone, locale, formatting);
  return t("sms.when", { date: start.shortDate, time: start.time, city: zoneCityIn(timezone, locale) });
}

/**
 * A phone number as a reader in `country` dials it: national ("(212) 555-0123") when the number is of
 * that country, international ("+33 6 12 34 56 78") otherwise; the stored E.164 when it does not parse.
 */
export function formatPhone(phone: string, country: string | null | undefined): string {
  const parsed = parsePhoneNumberFromString(phone);
  if (!parsed) return phone;
  return parsed.country && parsed.country === country ? parsed.formatNational() : parsed.formatInternational();
}

/** The country of a locale tag (`en-US` → `US`), if it names one. */
export function regionOf(locale: string | null | undefined): string | undefined {
  if (!locale) return undefined;
  try {
    return new Intl.Locale(locale).region;
  } catch {
    return undefined;
  }
}

/** U+2068 FIRST STRONG ISOLATE … U+2069 POP DIRECTIONAL ISOLATE. */
const FSI = "\u2068";
const PDI = "\u2069";

/**
 * In a right-to-left message, a run the business or customer wrote (a name, a phone number, an answer,
 * a question's label) is isolated so that it keeps its own direction and the message's punctuation
 * around it stays where the message put it ("Ada Lovelace، Colour" does not read as one Latin run).
 * Plain text gets the Unicode isolates; HTML gets them too inside sentences, and `<bdi>`/`dir="auto"` in rows.
 */
export function isolate(value: string, locale: Locale): string {
  return directionOf(locale) === "rtl" ? `${FSI}${value}${PDI}` : value;
}
