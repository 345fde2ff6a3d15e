import { buildInvitation } from "@/lib/calendar/ics";
import { speechFor } from "./layout";
import type { BookingMessageData, EmailAttachment } from "./message-data";

/**
 * The booking as an iTIP attachment (REQUEST, or CANCEL once cancelled) with the booking's
 * own SEQUENCE, so each later email updates or removes the same calendar entry. The location
 * is the business's address, else its map link, as on the confirmation page. Its description
 * is in the booking's language. A series' message carries one event per date it lists.
 */
export function calendarAttachment(data: BookingMessageData): EmailAttachment {
  const { t } = speechFor(data);
  const description = [
    t("email.calendar.description", { service: data.service.name, staff: data.staff.name }),
    data.manageUrl ? t("email.calendar.manage", { url: data.manageUrl }) : null,
  ]
    .filter(Boolean)
    .join("\n");
  const cancelled = data.booking.status === "cancelled";
  const event = {
    sequence: data.booking.sequence,
    stampedAt: data.now,
    summary: `${data.service.name} – ${data.workspace.name}`,
    description,
    location: data.workspace.address ?? data.workspace.mapsUrl,
    url: data.manageUrl,
    cancelled,
    organizer: { name: data.workspace.name, email: data.workspace.contactEmail ?? data.senderEmail },
    attendee: { name: data.customer.name, email: data.customer.email },
  };
  // A series: one event per date, each under its own booking's id and SEQUENCE (the feed's UID).
  const dates = data.series ?? [data.booking];
  const { method, content } = buildInvitation(
    dates.map((date) => ({ ...event, uid: date.id, sequence: date.sequence, startsAt: date.startsAt, endsAt: date.endsAt })),
  );
  return { filename: cancelled ? "cancelled.ics" : "invite.ics", contentType: `text/calendar; charset=utf-8; method=${method}`, content };
}
