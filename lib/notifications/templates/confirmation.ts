import { calendarAttachment } from "./calendar-attachment";
import { oneLine } from "./format";
import { appointmentDetails, contactDetails, linkParagraph, paragraph, renderEmail } from "./layout";
import type { BookingMessageData, EmailContent } from "./message-data";

/** Booking confirmed: details, the manage link, the business's note, contacts and an .ics. */
export function renderConfirmationEmail(data: BookingMessageData): EmailContent {
  const title = `Booking confirmed with ${data.workspace.name}`;
  const body = renderEmail(title, [
    paragraph(`Hello ${data.customer.name},`),
    paragraph(`Your booking with ${data.workspace.name} is confirmed.`),
    appointmentDetails(data),
    data.workspace.confirmationNote ? paragraph(data.workspace.confirmationNote) : null,
    data.manageUrl ? linkParagraph("To view, reschedule or cancel your booking, use this link:", data.manageUrl, "Manage your booking") : null,
    contactDetails(data),
  ]);
  return { subject: oneLine(title), ...body, attachments: [calendarAttachment(data)] };
}
