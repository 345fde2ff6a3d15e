import { createTranslator } from "use-intl/core";
import en from "@/lib/i18n/messages/en.json";
import { formatDuration, formatLongDate, formatMoney, formatShortDate, formatTime, zoneCity } from "./format";
import type { CustomerService } from "./types";
import type { ZoneNames } from "./zone-cities";
import type { Wording } from "./wording";

export type SummaryRow = { label: string; value: string };

export type SummaryInput = {
  service: Pick<CustomerService, "name" | "duration_minutes" | "price_cents" | "payment_mode" | "payment_amount_cents">;
  staffName: string | null;
  startsAt: string;
  endsAt: string;
  businessZone: string;
  customerZone: string | null;
  currency: string;
  locale: string;
  wording: Wording;
  /** Whether the amount due at booking has been paid (the confirmation) or is still to pay. */
  paid: boolean;
  /** The zones' cities in the page's language, as the server named them (lib/booking-pages/zone-names.ts). */
  zoneNames?: ZoneNames;
  /** The page's `flow.summary` translator (`useTranslations("flow.summary")`); English when omitted. */
  t?: SummaryTranslator;
  /** A series: weeks between occurrences and every occurrence's start, the first included. */
  series?: { weeks: number; starts: string[] };
};

type SummaryKey =
  "when" | "yourTime" | "price" | "paid" | "dueNow" | "dueLater" | "service" | "whenValue" | "range" | "repeats" | "repeatsValue" | "dates" | "perSession";
/** `t` of the `flow.summary` namespace, as next-intl's `useTranslations("flow.summary")` gives it. */
export type SummaryTranslator = (key: SummaryKey, values?: Record<string, string | number>) => string;

const english: SummaryTranslator = createTranslator({ locale: "en", messages: en, namespace: "flow.summary" });

/**
 * What is being booked, the same on every step from details to confirmation: the service,
 * who, when in the business's zone (and the customer's when it differs), the price, what is
 * paid at booking and what is left to pay at the appointment. Amounts come from the server
 * (payment_amount_cents); the page only subtracts it from the price it also published.
 */
export function summaryRows(input: SummaryInput): SummaryRow[] {
  const { service, businessZone, customerZone, currency, locale, wording } = input;
  const t = input.t ?? english;
  const money = (cents: number) => formatMoney(cents, currency, locale);
  const when = (zone: string) =>
    t("whenValue", {
      range: t("range", {
        date: formatLongDate(input.startsAt, zone, locale),
        start: formatTime(input.startsAt, zone, locale),
        end: formatTime(input.endsAt, zone, locale),
      }),
      city: zoneCity(zone, input.zoneNames),
    });
  const rows: SummaryRow[] = [
    { label: capitalize(wording.service), value: t("service", { name: service.name, duration: formatDuration(service.duration_minutes, locale) }) },
    { label: t("when"), value: when(businessZone) },
  ];
  if (customerZone && customerZone !== businessZone) rows.push({ label: t("yourTime"), value: when(customerZone) });
  // A series: every date at the same local time in the business's zone (lib/availability/series-starts.ts).
  if (input.series) {
    rows.push({ label: t("repeats"), value: t("repeatsValue", { weeks: input.series.weeks, count: input.series.starts.length }) });
    const dates = input.series.starts.map((start) => formatShortDate(start, businessZone, locale));
    rows.push({ label: t("dates"), value: new Intl.ListFormat(locale, { type: "conjunction" }).format(dates) });
  }
  if (input.staffName) rows.push({ label: wording.staff, value: input.staffName });
  if (service.price_cents !== null)
    rows.push({ label: t("price"), value: input.series ? t("perSession", { amount: money(service.price_cents) }) : money(service.price_cents) });
  const upfront = service.payment_mode === "none" ? null : service.payment_amount_cents;
  if (upfront !== null) {
    rows.push({ label: input.paid ? t("paid") : t("dueNow"), value: money(upfront) });
    const later = service.price_cents !== null ? Math.max(0, service.price_cents - upfront) : null;
    if (later !== null) rows.push({ label: t("dueLater"), value: money(later) });
  } else if (service.price_cents !== null) {
    rows.push({ label: t("dueLater"), value: money(service.price_cents) });
  }
  return rows;
}

export function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
