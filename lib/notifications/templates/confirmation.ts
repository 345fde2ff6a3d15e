import { calendarAttachment } from "./calendar-attachment";
import { isolate, oneLine } from "./format";
import { appointmentDetails, contactDetails, manageLink, paragraph, paymentRows, renderEmail, speechFor } from "./layout";
import type { BookingMessageData, EmailContent } from "./message-data";

/**
 * Booking confirmed (a series: one message listing every date, one calendar event per date): details, what was paid and what is still due, the manage link, the business's note, contacts and an .ics.
 */
export function renderConfirmationEmail(data: BookingMessageData): EmailContent {
  const speech = speechFor(data);
  const { t } = speech;
  const business = isolate(data.workspace.name, speech.locale);
  const count = data.series?.length;
  const title = count ? t("email.confirmation.seriesTitle", { business, count }) : t("email.confirmation.title", { business });
  const body = renderEmail(
    title,
    [
      paragraph(t("email.greeting", { name: data.customer.name })),
      paragraph(count ? t("email.confirmation.seriesLead", { business, count }) : t("email.confirmation.lead", { business })),
      appointmentDetails(data, speech, undefined, undefined, paymentRows(data, speech)),
      data.workspace.confirmationNote ? paragraph(data.workspace.confirmationNote) : null,
      manageLink(data, speech),
      contactDetails(data, speech),
    ],
    speech,
  );
  return { subject: oneLine(title), ...body, attachments: [calendarAttachment(data)] };
}
