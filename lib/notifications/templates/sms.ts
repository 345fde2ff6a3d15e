import { customerZoneShown, formatAppointmentShort, isolate, oneLine } from "./format";
import { speechFor } from "./layout";
import type { BookingMessageData } from "./message-data";

export type BookingMessageKind = "verification_code" | "confirmation" | "cancellation" | "reschedule" | "reminder";

/** One short SMS per message kind, in the booking's language; the link, when present, is the manage link. */
export function renderSms(kind: BookingMessageKind, data: BookingMessageData): string {
  const speech = speechFor(data);
  const { t } = speech;
  const business = isolate(oneLine(data.workspace.name), speech.locale);
  const service = isolate(oneLine(data.service.name), speech.locale);
  const customerZone = customerZoneShown(data.booking.customerTimezone, data.workspace.timezone);
  const when =
    formatAppointmentShort(data.booking.startsAt, data.workspace.timezone, speech) +
    (customerZone ? ` / ${formatAppointmentShort(data.booking.startsAt, customerZone, speech)}` : "");
  const link = data.manageUrl ? ` ${t("sms.manage", { url: data.manageUrl })}` : "";
  switch (kind) {
    case "verification_code":
      return t("sms.verification", { code: data.code ?? "", business });
    case "confirmation":
      return (
        (data.series
          ? t("sms.confirmationSeries", { business, service, when, count: data.series.length })
          : t("sms.confirmation", { business, service, when })) + link
      );
    case "cancellation":
      return data.series
        ? t("sms.cancellationSeries", { business, service, when, count: data.series.length })
        : t("sms.cancellation", { business, service, when });
    case "reschedule":
      return t("sms.reschedule", { business, service, when }) + link;
    case "reminder":
      return t("sms.reminder", { business, service, staff: isolate(oneLine(data.staff.name), speech.locale), when }) + link;
  }
}
