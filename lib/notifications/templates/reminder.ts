import { calendarAttachment } from "./calendar-attachment";
import { formatAppointment, isolate, oneLine } from "./format";
import { appointmentDetails, contactDetails, manageLink, paragraph, renderEmail, speechFor } from "./layout";
import type { BookingMessageData, EmailContent } from "./message-data";

/**
 * docs/decisions.md#reminders: the reminder before a confirmed appointment. The subject starts with
 * "Reminder:" (in the booking's language); the body has the service, the time in the
 * business's zone (and the customer's), the calendar, the business's contact and address,
 * and the manage link.
 */
export function renderReminderEmail(data: BookingMessageData): EmailContent {
  const speech = speechFor(data);
  const { t } = speech;
  const when = formatAppointment(data.booking.startsAt, data.booking.endsAt, data.workspace.timezone, speech);
  const names = { service: isolate(data.service.name, speech.locale), business: isolate(data.workspace.name, speech.locale) };
  const title = t("email.reminder.title", names);
  const body = renderEmail(
    title,
    [
      paragraph(t("email.greeting", { name: data.customer.name })),
      paragraph(t("email.reminder.lead", { business: names.business, when })),
      appointmentDetails(data, speech),
      manageLink(data, speech),
      contactDetails(data, speech),
    ],
    speech,
  );
  return { subject: oneLine(t("email.reminder.subject", { ...names, when })), ...body, attachments: [calendarAttachment(data)] };
}
