import { formatAppointmentShort, oneLine } from "./format";
import type { BookingMessageData } from "./message-data";

export type BookingMessageKind = "verification_code" | "confirmation" | "cancellation" | "reschedule";

/** One short SMS per message kind; the link, when present, is the manage link. */
export function renderSms(kind: BookingMessageKind, data: BookingMessageData): string {
  const business = oneLine(data.workspace.name);
  const when = formatAppointmentShort(data.booking.startsAt, data.workspace.timezone);
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
  }
}
