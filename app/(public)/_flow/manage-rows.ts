import { useTranslations } from "next-intl";
import type { DetailRow } from "@/components/booking/booking-details";
import { useZoneCity } from "@/components/booking/zone-names";
import { formatDuration, formatMoney, formatRange } from "@/lib/booking-pages/format";
import type { PublicBookingRead } from "@/lib/booking-pages/public-booking";
import { paymentStatusLabel, type StatusesTranslator } from "@/lib/booking-pages/status-labels";
import type { Wording } from "@/lib/booking-pages/wording";
import { paidCents } from "@/lib/payments/refund-rule";

/** `t` of the `manage` namespace (useTranslations("manage")). */
export type ManageTranslator = (key: string, values?: Record<string, string | number>) => string;

/** The booking and its money as definition-list rows for the manage page, in the page's language: what, who, when (both zones), price, paid, due. */
export function useManageRows(read: PublicBookingRead, locale: string, customerZone: string | null, wording: Wording): DetailRow[] {
  return manageRows(read, locale, customerZone, wording, useZoneCity(), useTranslations("manage"), useTranslations("statuses"));
}

function manageRows(
  read: PublicBookingRead,
  locale: string,
  customerZone: string | null,
  wording: Wording,
  zoneCity: (zone: string) => string,
  t: ManageTranslator,
  statuses: StatusesTranslator,
): DetailRow[] {
  const { booking, workspace } = read;
  const zone = workspace.timezone;
  const inZone = (at: string) => t("when.range", { range: formatRange(booking.starts_at, booking.ends_at, at, locale), city: zoneCity(at) });
  const rows: DetailRow[] = [
    {
      label: capitalize(wording.service, locale),
      value: t("rows.service", { service: booking.service.name, duration: formatDuration(booking.service.duration_minutes, locale) }),
    },
    { label: t("rows.when"), value: inZone(zone) },
  ];
  if (customerZone && customerZone !== zone) rows.push({ label: t("rows.yourTime"), value: inZone(customerZone) });
  rows.push({ label: capitalize(wording.staff, locale), value: booking.staff.name });
  rows.push({ label: t("rows.bookedBy"), value: t("rows.bookedByValue", { name: booking.customer.name, email: booking.customer.email }) });
  rows.push(...moneyRows(read, locale, t, statuses));
  return rows;
}

function moneyRows(read: PublicBookingRead, locale: string, t: ManageTranslator, statuses: StatusesTranslator): DetailRow[] {
  const { booking, workspace } = read;
  const payment = booking.payment;
  const currency = payment?.currency ?? workspace.currency;
  const money = (cents: number) => formatMoney(cents, currency, locale);
  const price = booking.service.price_cents;
  const rows: DetailRow[] = [];
  if (price !== null) rows.push({ label: t("rows.price"), value: money(price) });
  if (!payment) return rows;
  const paid = paidCents(payment);
  const status = paymentStatusLabel(payment.status, statuses);
  // "Paid: $20.00", not "Paid: $20.00 · Paid": the status is said only when it adds something (a refund, processing).
  const paidValue = payment.status === "succeeded" ? money(paid) : t("rows.paidValue", { amount: money(paid), status });
  rows.push({ label: t("rows.paid"), value: paid > 0 ? paidValue : t("rows.nothingYet", { status }) });
  if (payment.amount_refunded_cents > 0) rows.push({ label: t("rows.refunded"), value: money(payment.amount_refunded_cents) });
  const isLive = booking.status === "confirmed" || booking.status === "pending" || booking.status === "awaiting_payment";
  if (isLive && price !== null && paid > 0 && price > paid) rows.push({ label: t("rows.due"), value: money(price - paid) });
  return rows;
}

export function capitalize(word: string, locale: string): string {
  return word.charAt(0).toLocaleUpperCase(locale) + word.slice(1);
}

/** "24 hours", "90 minutes", "2 days": the notice window in words. */
export function formatNotice(minutes: number, locale: string): string {
  const unit = (value: number, name: "day" | "hour" | "minute") =>
    new Intl.NumberFormat(locale, { style: "unit", unit: name, unitDisplay: "long" }).format(value);
  if (minutes % 1440 === 0) return unit(minutes / 1440, "day");
  if (minutes % 60 === 0) return unit(minutes / 60, "hour");
  return unit(minutes, "minute");
}
