import { getTranslations } from "next-intl/server";
import { BOOKING_STATUSES, type BookingStatus } from "@/lib/bookings/statuses";

export function isBookingStatus(status: string): status is BookingStatus {
  return (BOOKING_STATUSES as readonly string[]).includes(status);
}

/** Each booking status in the member's language, for the status label and the list's filter. */
export async function statusLabels(): Promise<Record<BookingStatus, string>> {
  const t = await getTranslations("console.statuses.booking");
  return {
    confirmed: t("confirmed"),
    pending: t("pending"),
    awaiting_payment: t("awaiting_payment"),
    cancelled: t("cancelled"),
    expired: t("expired"),
    no_show: t("no_show"),
  };
}

/** Statuses by word and icon, never by colour alone (docs/console.md). */
const ICONS: Record<BookingStatus, string> = { confirmed: "✓", pending: "…", awaiting_payment: "€", cancelled: "✕", expired: "⌛", no_show: "⚠" };

/** A status by icon and word; `labels` is statusLabels() of the page, read once for all its bookings. */
export function StatusLabel({ status, labels }: { status: BookingStatus | string; labels: Record<BookingStatus, string> }) {
  const known = isBookingStatus(status) ? { icon: ICONS[status], label: labels[status] } : { icon: "•", label: status };
  return (
    <span>
      <span aria-hidden="true">{known.icon}</span> {known.label}
    </span>
  );
}
