import { buildIcs } from "@/lib/calendar/ics";
import { oneLine } from "./format";
import { appointmentDetails, contactDetails, linkParagraph, paragraph, renderEmail } from "./layout";
import type { BookingMessageData, EmailAttachment, EmailContent } from "./message-data";

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
  return { subject: oneLine(title), ...body, attachments: [calendarAttachment(data, "PUBLISH", 0)] };
}

/** The appointment as an iCalendar file; a higher sequence replaces an earlier copy. */
export function calendarAttachment(data: BookingMessageData, method: "PUBLISH" | "CANCEL", sequence: number): EmailAttachment {
  const description = [`${data.service.name} with ${data.staff.name}`, data.manageUrl ? `Manage your booking: ${data.manageUrl}` : null]
    .filter(Boolean)
    .join("\n");
  const content = buildIcs({
    uid: data.booking.id,
    method,
    sequence,
    startsAt: data.booking.startsAt,
    endsAt: data.booking.endsAt,
    stampedAt: data.now,
    summary: `${data.service.name} – ${data.workspace.name}`,
    description,
    url: data.manageUrl,
  });
  return { filename: method === "CANCEL" ? "cancelled.ics" : "booking.ics", contentType: `text/calendar; charset=utf-8; method=${method}`, content };
}
