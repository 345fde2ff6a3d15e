import { calendarAttachment } from "./calendar-attachment";
import { formatAppointment, oneLine } from "./format";
import { appointmentDetails, contactDetails, linkParagraph, paragraph, renderEmail } from "./layout";
import type { BookingMessageData, EmailContent } from "./message-data";

/**
 * DECISIONS §11: the reminder before a confirmed appointment. The subject starts with
 * "Reminder:"; the body has the service, the time in the business's zone (and the
 * customer's), the calendar, the business's contact and address, and the manage link.
 */
export function renderReminderEmail(data: BookingMessageData): EmailContent {
  const when = formatAppointment(data.booking.startsAt, data.booking.endsAt, data.workspace.timezone);
  const title = `Reminder: ${data.service.name} with ${data.workspace.name}`;
  const body = renderEmail(title, [
    paragraph(`Hello ${data.customer.name},`),
    paragraph(`This is a reminder of your booking with ${data.workspace.name} on ${when}.`),
    appointmentDetails(data),
    data.manageUrl ? linkParagraph("To view, reschedule or cancel your booking, use this link:", data.manageUrl, "Manage your booking") : null,
    contactDetails(data),
  ]);
  return { subject: oneLine(`${title}, ${when}`), ...body, attachments: [calendarAttachment(data)] };
}
