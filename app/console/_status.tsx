import type { BookingStatus } from "@/lib/bookings/statuses";

/** Statuses by word and icon, never by colour alone (docs/console.md). */
const STATUS: Record<string, { icon: string; label: string }> = {
  confirmed: { icon: "✓", label: "Confirmed" },
  pending: { icon: "…", label: "Waiting for code" },
  awaiting_payment: { icon: "€", label: "Waiting for payment" },
  cancelled: { icon: "✕", label: "Cancelled" },
  expired: { icon: "⌛", label: "Expired" },
  no_show: { icon: "⚠", label: "No-show" },
};

export function StatusLabel({ status }: { status: BookingStatus | string }) {
  const known = STATUS[status] ?? { icon: "•", label: status };
  return (
    <span>
      <span aria-hidden="true">{known.icon}</span> {known.label}
    </span>
  );
}
