import { oneLine } from "./format";
import { calendarAttachment } from "./calendar-attachment";
import { appointmentDetails, contactDetails, paragraph, renderEmail } from "./layout";
import type { BookingMessageData, EmailContent } from "./message-data";

/** Booking cancelled; the .ics (METHOD:CANCEL) removes it from the customer's calendar. */
export function renderCancellationEmail(data: BookingMessageData): EmailContent {
  const title = `Booking cancelled with ${data.workspace.name}`;
  const body = renderEmail(title, [
    paragraph(`Hello ${data.customer.name},`),
    paragraph(`Your booking with ${data.workspace.name} has been cancelled.`),
    appointmentDetails(data),
    contactDetails(data),
  ]);
  return { subject: oneLine(title), ...body, attachments: [calendarAttachment(data)] };
}
