import { DateTime } from "luxon";
import type { Locale } from "@/lib/i18n/locales";
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

/** "Tuesday 10 March 2026, 09:00–10:00 (Europe/Paris)": the wall time in a zone, zone named. */
export function formatAppointment(startsAt: Date, endsAt: Date, timezone: string, { locale, t, formatting }: Speech): string {
  const start = wallTime(startsAt, timezone, locale, formatting);
  const end = wallTime(endsAt, timezone, locale, formatting);
  const sameDay = DateTime.fromJSDate(startsAt, { zone: timezone }).hasSame(DateTime.fromJSDate(endsAt, { zone: timezone }), "day");
  return sameDay
    ? t("email.appointment", { date: start.date, start: start.time, end: end.time, zone: timezone })
    : t("email.appointmentAcrossDays", { date: start.date, start: start.time, endDate: end.date, end: end.time, zone: timezone });
}

/**
 * docs/decisions.md#time-zones: the customer's own zone beside the business's, only when it is known and
 * another zone (null otherwise, and the caller shows the business's time alone).
 */
export function customerZoneShown(customerTimezone: string | null, businessTimezone: string): string | null {
  return customerTimezone && customerTimezone !== businessTimezone ? customerTimezone : null;
}

/** "10 Mar, 09:00 (Europe/Paris)": short form for SMS. */
export function formatAppointmentShort(startsAt: Date, timezone: string, { locale, t, formatting }: Speech): string {
  const start = wallTime(startsAt, timezone, locale, formatting);
  return t("sms.when", { date: start.shortDate, time: start.time, zone: timezone });
}
