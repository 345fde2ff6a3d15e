import { isolate, oneLine, type Speech } from "./format";
import { calendarAttachment } from "./calendar-attachment";
import { money } from "./i18n";
import { appointmentDetails, contactDetails, linkParagraph, paragraph, renderEmail, speechFor } from "./layout";
import type { BookingMessageData, EmailContent } from "./message-data";

/**
 * Booking cancelled, with the refund it triggers; the .ics (METHOD:CANCEL) removes it from the customer's calendar.
 * When the business cancelled, the customer reads that it did, the reason it gave, and where to book again.
 */
export function renderCancellationEmail(data: BookingMessageData): EmailContent {
  const speech = speechFor(data);
  const { t, locale } = speech;
  const business = isolate(data.workspace.name, speech.locale);
  // A series' one message: every date it cancelled, and a calendar file removing each.
  const count = data.series?.length;
  const title = count ? t("email.cancellation.seriesTitle", { business, count }) : t("email.cancellation.title", { business });
  const refund =
    data.refundCents && data.payment ? paragraph(t("email.cancellation.refund", { amount: money(data.refundCents, data.payment.currency, locale) })) : null;
  const byBusiness = data.cancelledBy === "business";
  const reason = byBusiness && data.cancelReason ? paragraph(t("email.cancellation.reason", { reason: isolate(data.cancelReason, locale) })) : null;
  const bookAgain = byBusiness ? linkParagraph(t("email.cancellation.bookAgain"), data.bookingPageUrl, t("email.cancellation.bookAgainLabel")) : null;
  const body = renderEmail(
    title,
    [
      paragraph(t("email.greeting", { name: data.customer.name })),
      paragraph(leadOf(byBusiness, count, business, t)),
      reason,
      refund,
      appointmentDetails(data, speech),
      bookAgain,
      contactDetails(data, speech),
    ],
    speech,
  );
  return { subject: oneLine(title), ...body, attachments: [calendarAttachment(data)] };
}

function leadOf(byBusiness: boolean, count: number | undefined, business: string, t: Speech["t"]): string {
  if (count) return t(byBusiness ? "email.cancellation.seriesByBusinessLead" : "email.cancellation.seriesLead", { business, count });
  return t(byBusiness ? "email.cancellation.byBusinessLead" : "email.cancellation.lead", { business });
}
