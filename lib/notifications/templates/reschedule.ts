import { formatAppointment, oneLine } from "./format";
import { calendarAttachment } from "./calendar-attachment";
import { appointmentDetails, contactDetails, linkParagraph, paragraph, renderEmail } from "./layout";
import type { BookingMessageData, EmailContent } from "./message-data";

/** Booking moved: the new time, the old one, the manage link and an updated .ics. */
export function renderRescheduleEmail(data: BookingMessageData): EmailContent {
  const title = `Booking moved with ${data.workspace.name}`;
  const previous =
    data.previousStartsAt && data.previousEndsAt
      ? paragraph(`Previously: ${formatAppointment(data.previousStartsAt, data.previousEndsAt, data.workspace.timezone)}`)
      : null;
  const body = renderEmail(title, [
    paragraph(`Hello ${data.customer.name},`),
    paragraph(`Your booking with ${data.workspace.name} has a new time.`),
    appointmentDetails(data),
    previous,
    data.manageUrl ? linkParagraph("To view, reschedule or cancel your booking, use this link:", data.manageUrl, "Manage your booking") : null,
    contactDetails(data),
  ]);
  return { subject: oneLine(title), ...body, attachments: [calendarAttachment(data)] };
}
