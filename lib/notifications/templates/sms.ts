import { customerZoneShown, formatAppointmentShort, oneLine } from "./format";
import type { BookingMessageData } from "./message-data";

export type BookingMessageKind = "verification_code" | "confirmation" | "cancellation" | "reschedule" | "reminder";

/** One short SMS per message kind; the link, when present, is the manage link. */
export function renderSms(kind: BookingMessageKind, data: BookingMessageData): string {
  const business = oneLine(data.workspace.name);
  const customerZone = customerZoneShown(data.booking.customerTimezone, data.workspace.timezone);
  const when =
    formatAppointmentShort(data.booking.startsAt, data.workspace.timezone) +
    (customerZone ? ` / ${formatAppointmentShort(data.booking.startsAt, customerZone)}` : "");
  const link = data.manageUrl ? ` Manage: ${data.manageUrl}` : "";
  switch (kind) {
    case "verification_code":
      return `${data.code ?? ""} is your ${business} booking code.`;
    case "confirmation":
      return `${business}: your ${oneLine(data.service.name)} on ${when} is confirmed.${link}`;
    case "cancellation":
      return `${business}: your ${oneLine(data.service.name)} on ${when} is cancelled.`;
    case "reschedule":
      return `${business}: your ${oneLine(data.service.name)} is moved to ${when}.${link}`;
    case "reminder":
      return `Reminder: ${business}, ${oneLine(data.service.name)} with ${oneLine(data.staff.name)} on ${when}.${link}`;
  }
}
