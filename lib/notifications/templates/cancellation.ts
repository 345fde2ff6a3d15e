import { isolate, oneLine } from "./format";
import { calendarAttachment } from "./calendar-attachment";
import { money } from "./i18n";
import { appointmentDetails, contactDetails, paragraph, renderEmail, speechFor } from "./layout";
import type { BookingMessageData, EmailContent } from "./message-data";

/** Booking cancelled, with the refund it triggers; the .ics (METHOD:CANCEL) removes it from the customer's calendar. */
export function renderCancellationEmail(data: BookingMessageData): EmailContent {
  const speech = speechFor(data);
  const { t, locale } = speech;
  const business = isolate(data.workspace.name, speech.locale);
  const title = t("email.cancellation.title", { business });
  const refund =
    data.refundCents && data.payment ? paragraph(t("email.cancellation.refund", { amount: money(data.refundCents, data.payment.currency, locale) })) : null;
  const body = renderEmail(
    title,
    [
      paragraph(t("email.greeting", { name: data.customer.name })),
      paragraph(t("email.cancellation.lead", { business })),
      refund,
      appointmentDetails(data, speech),
      contactDetails(data, speech),
    ],
    speech,
  );
  return { subject: oneLine(title), ...body, attachments: [calendarAttachment(data)] };
}
