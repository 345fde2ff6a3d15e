import { parsePhoneNumberFromString } from "libphonenumber-js";
import { DateTime } from "luxon";
import { ianaCity, NO_ZONE_NAMES, type ZoneNames } from "./zone-cities";

/**
 * Display formatting for the booking pages. Every zone conversion goes through luxon; the
 * locale is passed in (the server reads Accept-Language) so server and browser render the
 * same text.
 */
export function formatMoney(cents: number, currency: string, locale: string): string {
  const format = new Intl.NumberFormat(locale, { style: "currency", currency: currency.toUpperCase() });
  // Minor units differ by currency (JPY 0, USD 2, KWD 3); Intl knows them.
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  const amount = cents / 10 ** digits;
  if (!RTL_LANGUAGES.has(locale.split("-")[0]!.toLowerCase())) return format.format(amount);
  // On a right-to-left page a Latin symbol ("US$") is reordered around its "$" and reads "$US":
  // isolate it (U+2066 … U+2069) so it keeps its own order.
  return format
    .formatToParts(amount)
    .map((part) => (part.type === "currency" && /[A-Za-z]/.test(part.value) ? `\u2066${part.value}\u2069` : part.value))
    .join("");
}

const RTL_LANGUAGES = new Set(["ar", "he", "fa", "ur"]);

export function formatDuration(minutes: number, locale: string): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const unit = (value: number, name: "hour" | "minute") => new Intl.NumberFormat(locale, { style: "unit", unit: name, unitDisplay: "short" }).format(value);
  if (hours === 0) return unit(rest, "minute");
  return rest === 0 ? unit(hours, "hour") : `${unit(hours, "hour")} ${unit(rest, "minute")}`;
}

const at = (iso: string, zone: string, locale: string) => DateTime.fromISO(iso, { zone }).setLocale(locale);

export function formatTime(iso: string, zone: string, locale: string): string {
  return at(iso, zone, locale).toLocaleString(DateTime.TIME_SIMPLE);
}

export function formatLongDate(iso: string, zone: string, locale: string): string {
  return at(iso, zone, locale).toLocaleString({ weekday: "long", day: "numeric", month: "long", year: "numeric" });
}

export function formatShortDate(iso: string, zone: string, locale: string): string {
  return at(iso, zone, locale).toLocaleString({ weekday: "short", day: "numeric", month: "short" });
}

/** "Tuesday, 12 March 2026, 09:30 – 10:15" */
export function formatRange(startIso: string, endIso: string, zone: string, locale: string): string {
  return `${formatLongDate(startIso, zone, locale)}, ${formatTime(startIso, zone, locale)} – ${formatTime(endIso, zone, locale)}`;
}

/**
 * A zone's city in the page's language: from the names the server gave the page
 * (lib/booking-pages/zone-names.ts), else its IANA id ("New York" from America/New_York).
 */
export function zoneCity(zone: string, names: ZoneNames = NO_ZONE_NAMES): string {
  return names[zone] ?? ianaCity(zone);
}

/** The calendar day of an instant in a zone, as yyyy-MM-dd. */
export function dayInZone(iso: string, zone: string): string {
  return DateTime.fromISO(iso, { zone }).toISODate()!;
}

export function todayInZone(now: Date, zone: string): string {
  return DateTime.fromJSDate(now, { zone }).toISODate()!;
}

/** [start of the month, start of the next month) in a zone, as UTC instants for the API. */
export function monthRangeInZone(month: string, zone: string): { from: string; to: string } {
  const start = DateTime.fromISO(month, { zone }).startOf("month");
  return { from: start.toUTC().toISO()!, to: start.plus({ months: 1 }).toUTC().toISO()! };
}

export function addDays(date: string, days: number): string {
  return DateTime.fromISO(date, { zone: "utc" }).plus({ days }).toISODate()!;
}

export function startOfMonth(date: string): string {
  return DateTime.fromISO(date, { zone: "utc" }).startOf("month").toISODate()!;
}

export function nextMonth(month: string): string {
  return DateTime.fromISO(month, { zone: "utc" }).plus({ months: 1 }).toISODate()!;
}

/** "2:05" for a countdown. */
export function formatCountdown(totalSeconds: number): string {
  const seconds = Math.max(0, Math.ceil(totalSeconds));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** A phone number as people read it (`+44 20 7946 0958`), on pages and in messages; the stored E.164 when it does not parse. */
export function displayPhone(phone: string): string {
  return parsePhoneNumberFromString(phone)?.formatInternational() ?? phone;
}
