import { createTranslator } from "use-intl/core";
import type { BadgeTone } from "@/components/ui/card";
import en from "@/lib/i18n/messages/en.json";

/**
 * Booking and payment statuses in the customer's words (DECISIONS §2, spec payment statuses),
 * from the `statuses.*` messages: pass `useTranslations("statuses")` for the page's language
 * (English when omitted). A status this code does not know reads as itself.
 */
const BOOKING_STATUSES = ["confirmed", "pending", "awaiting_payment", "cancelled", "expired", "no_show"] as const;
type KnownBookingStatus = (typeof BOOKING_STATUSES)[number];

const BOOKING_TONES: Record<KnownBookingStatus, BadgeTone> = {
  confirmed: "success",
  pending: "warning",
  awaiting_payment: "warning",
  cancelled: "danger",
  expired: "neutral",
  no_show: "neutral",
};

const PAYMENT_STATUSES = [
  "initializing",
  "requires_payment",
  "processing",
  "succeeded",
  "partially_refunded",
  "refunded",
  "refund_pending",
  "canceled",
] as const;
type KnownPaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** `t` of the `statuses` namespace. */
export type StatusesTranslator = (key: `booking.${KnownBookingStatus}` | `payment.${KnownPaymentStatus}`) => string;

const english: StatusesTranslator = createTranslator({ locale: "en", messages: en, namespace: "statuses" });

const isKnownBookingStatus = (status: string): status is KnownBookingStatus => (BOOKING_STATUSES as readonly string[]).includes(status);
const isKnownPaymentStatus = (status: string): status is KnownPaymentStatus => (PAYMENT_STATUSES as readonly string[]).includes(status);

export function bookingStatusLabel(status: string, t: StatusesTranslator = english): { label: string; tone: BadgeTone } {
  if (!isKnownBookingStatus(status)) return { label: status.replaceAll("_", " "), tone: "neutral" };
  return { label: t(`booking.${status}`), tone: BOOKING_TONES[status] };
}

export function paymentStatusLabel(status: string, t: StatusesTranslator = english): string {
  return isKnownPaymentStatus(status) ? t(`payment.${status}`) : status.replaceAll("_", " ");
}
