import type { BadgeTone } from "@/components/ui/card";

/** Booking and payment statuses in the customer's words (DECISIONS §2, spec payment statuses). */
export function bookingStatusLabel(status: string): { label: string; tone: BadgeTone } {
  switch (status) {
    case "confirmed":
      return { label: "Confirmed", tone: "success" };
    case "pending":
      return { label: "Waiting for your code", tone: "warning" };
    case "awaiting_payment":
      return { label: "Waiting for payment", tone: "warning" };
    case "cancelled":
      return { label: "Cancelled", tone: "danger" };
    case "expired":
      return { label: "Expired", tone: "neutral" };
    case "no_show":
      return { label: "Missed", tone: "neutral" };
    default:
      return { label: status.replaceAll("_", " "), tone: "neutral" };
  }
}

export function paymentStatusLabel(status: string): string {
  const labels: Record<string, string> = {
    initializing: "Being set up",
    requires_payment: "Not paid yet",
    processing: "Processing",
    succeeded: "Paid",
    partially_refunded: "Partly refunded",
    refunded: "Refunded",
    refund_pending: "Refund on its way",
    canceled: "Cancelled",
  };
  return labels[status] ?? status.replaceAll("_", " ");
}
