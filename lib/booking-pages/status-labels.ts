import { createTranslator } from "use-intl/core";
import type { BadgeTone } from "@/components/ui/card";
import type { BookingStatus } from "@/lib/bookings/statuses";
import en from "@/lib/i18n/messages/en.json";
import type { PaymentStatus } from "@/lib/payments/statuses";

/**
 * Booking and payment statuses in the customer's words (docs/decisions.md#bookings, spec payment statuses),
 * from the `statuses.*` messages: pass `useTranslations("statuses")` for the page's language
 * (English when omitted). A status this code does not know reads as itself. Each table is a
 * record over the status type (lib/bookings/statuses.ts, lib/payments/statuses.ts), so a new
 * status fails the type check until it has its message and tone.
 */
const BOOKING_LABELS = {
  confirmed: { key: "booking.confirmed", tone: "success" },
  pending: { key: "booking.pending", tone: "warning" },
  awaiting_payment: { key: "booking.awaiting_payment", tone: "warning" },
  cancelled: { key: "booking.cancelled", tone: "danger" },
  expired: { key: "booking.expired", tone: "neutral" },
  no_show: { key: "booking.no_show", tone: "neutral" },
} as const satisfies { [Status in BookingStatus]: { key: `booking.${Status}`; tone: BadgeTone } };

const PAYMENT_LABELS = {
  initializing: "payment.initializing",
  requires_payment: "payment.requires_payment",
  processing: "payment.processing",
  succeeded: "payment.succeeded",
  partially_refunded: "payment.partially_refunded",
  refunded: "payment.refunded",
  refund_pending: "payment.refund_pending",
  canceled: "payment.canceled",
} as const satisfies { [Status in PaymentStatus]: `payment.${Status}` };

/** `t` of the `statuses` namespace. */
export type StatusesTranslator = (key: `booking.${BookingStatus}` | `payment.${PaymentStatus}`) => string;

const english: StatusesTranslator = createTranslator({ locale: "en", messages: en, namespace: "statuses" });

const isKnownBookingStatus = (status: string): status is BookingStatus => Object.hasOwn(BOOKING_LABELS, status);
const isKnownPaymentStatus = (status: string): status is PaymentStatus => Object.hasOwn(PAYMENT_LABELS, status);

export function bookingStatusLabel(status: string, t: StatusesTranslator = english): { label: string; tone: BadgeTone } {
  if (!isKnownBookingStatus(status)) return { label: status.replaceAll("_", " "), tone: "neutral" };
  const { key, tone } = BOOKING_LABELS[status];
  return { label: t(key), tone };
}

export function paymentStatusLabel(status: string, t: StatusesTranslator = english): string {
  return isKnownPaymentStatus(status) ? t(PAYMENT_LABELS[status]) : status.replaceAll("_", " ");
}
