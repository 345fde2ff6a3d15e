import type { DetailRow } from "@/components/booking/booking-details";
import { formatDuration, formatMoney, formatRange, zoneCity } from "@/lib/booking-pages/format";
import type { PublicBookingRead } from "@/lib/booking-pages/public-booking";
import { paymentStatusLabel } from "@/lib/booking-pages/status-labels";
import type { Wording } from "@/lib/booking-pages/wording";

/** The booking and its payment as definition-list rows for the manage page. */
export function manageRows(read: PublicBookingRead, locale: string, customerZone: string | null, wording: Wording): DetailRow[] {
  const { booking, workspace } = read;
  const zone = workspace.timezone;
  const rows: DetailRow[] = [
    { label: capitalize(wording.service), value: `${booking.service.name} (${formatDuration(booking.service.duration_minutes, locale)})` },
    { label: "When", value: `${formatRange(booking.starts_at, booking.ends_at, zone, locale)} (${zoneCity(zone)} time)` },
  ];
  if (customerZone && customerZone !== zone) {
    rows.push({ label: "Your time", value: `${formatRange(booking.starts_at, booking.ends_at, customerZone, locale)} (${zoneCity(customerZone)} time)` });
  }
  rows.push({ label: wording.staff, value: booking.staff.name });
  rows.push({ label: "Booked by", value: `${booking.customer.name} (${booking.customer.email})` });
  const payment = booking.payment;
  if (payment) {
    rows.push({ label: "Payment", value: `${formatMoney(payment.amount_cents, payment.currency, locale)} · ${paymentStatusLabel(payment.status)}` });
    if (payment.amount_refunded_cents > 0) rows.push({ label: "Refunded", value: formatMoney(payment.amount_refunded_cents, payment.currency, locale) });
  }
  return rows;
}

export function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** "24 hours", "90 minutes", "2 days": the notice window in words. */
export function formatNotice(minutes: number, locale: string): string {
  const unit = (value: number, name: "day" | "hour" | "minute") =>
    new Intl.NumberFormat(locale, { style: "unit", unit: name, unitDisplay: "long" }).format(value);
  if (minutes % 1440 === 0) return unit(minutes / 1440, "day");
  if (minutes % 60 === 0) return unit(minutes / 60, "hour");
  return unit(minutes, "minute");
}
