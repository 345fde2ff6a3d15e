import { formatAppointment, isolate, oneLine } from "./format";
import { calendarAttachment } from "./calendar-attachment";
import { appointmentDetails, contactDetails, manageLink, paragraph, renderEmail, speechFor } from "./layout";
import type { BookingMessageData, EmailContent } from "./message-data";

/** Booking moved: the new time, the old one, the manage link and an updated .ics. */
export function renderRescheduleEmail(data: BookingMessageData): EmailContent {
  const speech = speechFor(data);
  const { t } = speech;
  const business = isolate(data.workspace.name, speech.locale);
  const title = t("email.reschedule.title", { business });
  const previous =
    data.previousStartsAt && data.previousEndsAt
      ? paragraph(t("email.reschedule.previously", { when: formatAppointment(data.previousStartsAt, data.previousEndsAt, data.workspace.timezone, speech) }))
      : null;
  const body = renderEmail(
    title,
    [
      paragraph(t("email.greeting", { name: data.customer.name })),
      paragraph(t("email.reschedule.lead", { business })),
      appointmentDetails(data, speech),
      previous,
      manageLink(data, speech),
      contactDetails(data, speech),
    ],
    speech,
  );
  return { subject: oneLine(title), ...body, attachments: [calendarAttachment(data)] };
}
