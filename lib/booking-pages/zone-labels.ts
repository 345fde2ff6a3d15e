import { createTranslator } from "use-intl/core";
import en from "@/lib/i18n/messages/en.json";
import { formatLongDate, formatTime, zoneCity } from "./format";
import { NO_ZONE_NAMES, type ZoneNames } from "./zone-cities";

/** `t` of the `manage.when` namespace, as `useTranslations("manage.when")` or `getTranslations("manage.when")` gives it. */
export type WhenTranslator = (key: "at" | "dateAt" | "both", values: Record<string, string>) => string;

const english: WhenTranslator = createTranslator({ locale: "en", messages: en, namespace: "manage.when" });

/**
 * "Tuesday, 25 November 2026 at 10:00 (New York time)": every time a customer reads names its zone,
 * by its city in the page's language from the names the server gave the page (`names`).
 */
export function formatWhen(iso: string, zone: string, locale: string, t: WhenTranslator = english, names: ZoneNames = NO_ZONE_NAMES): string {
  return t("at", { date: formatLongDate(iso, zone, locale), time: formatTime(iso, zone, locale), city: zoneCity(zone, names) });
}

/**
 * The time in the business's zone, and in the customer's when that differs (docs/decisions.md#time-zones):
 * "… at 10:00 (New York time), 15:00 your time (London)"; the customer's date is repeated only
 * when it is another day for them.
 */
export function formatWhenBoth(
  iso: string,
  businessZone: string,
  customerZone: string | null,
  locale: string,
  t: WhenTranslator = english,
  names: ZoneNames = NO_ZONE_NAMES,
): string {
  const business = formatWhen(iso, businessZone, locale, t, names);
  if (!customerZone || customerZone === businessZone) return business;
  const sameDay = formatLongDate(iso, businessZone, locale) === formatLongDate(iso, customerZone, locale);
  const time = formatTime(iso, customerZone, locale);
  const theirs = sameDay ? time : t("dateAt", { date: formatLongDate(iso, customerZone, locale), time });
  return t("both", { business, theirs, city: zoneCity(customerZone, names) });
}
