import { calendarAttachment } from "./calendar-attachment";
import { isolate, oneLine } from "./format";
import { appointmentDetails, contactDetails, manageLink, paragraph, paymentRows, renderEmail, speechFor } from "./layout";
import type { BookingMessageData, EmailContent } from "./message-data";

/** Booking confirmed: details, what was paid and what is still due, the manage link, the business's note, contacts and an .ics. */
export function renderConfirmationEmail(data: BookingMessageData): EmailContent {
  const speech = speechFor(data);
  const { t } = speech;
  const business = isolate(data.workspace.name, speech.locale);
  const title = t("email.confirmation.title", { business });
  const body = renderEmail(
    title,
    [
      paragraph(t("email.greeting", { name: data.customer.name })),
      paragraph(t("email.confirmation.lead", { business })),
      appointmentDetails(data, speech, undefined, undefined, paymentRows(data, speech)),
      data.workspace.confirmationNote ? paragraph(data.workspace.confirmationNote) : null,
      manageLink(data, speech),
      contactDetails(data, speech),
    ],
    speech,
  );
  return { subject: oneLine(title), ...body, attachments: [calendarAttachment(data)] };
}
