import { buildCalendar } from "@/lib/calendar/ics";
import { directionOf } from "@/lib/i18n/locales";
import type { BookingAnswer } from "@/lib/booking-details/schemas";
import { escapeHtml, formatAppointment, oneLine, textToHtml, type Speech } from "./format";
import { translatorFor } from "./i18n";
import { paragraph, renderEmail, type Section } from "./layout";
import type { BookingMessageData, EmailAttachment, EmailContent } from "./message-data";

/**
 * The business's own email about a booking (see docs/business-notifications.md): written in
 * the workspace's language, everything in the business's zone, the customer's details and
 * answers as plain text (escaped in HTML), and the booking as a PUBLISH calendar under the
 * booking's UID so the business's calendar keeps one entry per booking.
 */
export type BusinessEventKind = "confirmed" | "moved" | "cancelled";

export type BusinessMessageData = BookingMessageData & {
  event: BusinessEventKind;
  answers: BookingAnswer[];
  /** Cancellations: who cancelled (the customer through their link, or the business's secret key), and the reason given. */
  cancelledBy?: "customer" | "business";
  cancelReason?: string | null;
};

const TITLE = {
  confirmed: "email.business.confirmedTitle",
  moved: "email.business.movedTitle",
  cancelled: "email.business.cancelledTitle",
} as const;

function leadKey(data: BusinessMessageData) {
  if (data.event === "confirmed") return "email.business.confirmedLead";
  if (data.event === "moved") return "email.business.movedLead";
  return data.cancelledBy === "customer" ? "email.business.cancelledByCustomer" : "email.business.cancelledByBusiness";
}

export function renderBusinessEmail(data: BusinessMessageData): EmailContent {
  const speech: Speech = { locale: data.locale, t: translatorFor(data.locale) };
  const { t } = speech;
  const names = { customer: data.customer.name, service: data.service.name, staff: data.staff.name };
  const title = t(TITLE[data.event], names);
  const lead = t(leadKey(data), names);
  const body = renderEmail(
    title,
    [
      paragraph(lead),
      bookingRows(data, speech),
      data.event === "cancelled" && data.cancelReason ? rows([[t("email.business.reason"), data.cancelReason]], speech) : null,
      answersSection(data.answers, speech),
      paragraph(t("email.business.footer")),
    ],
    speech,
  );
  return { subject: oneLine(title), ...body, attachments: [businessCalendar(data, speech)] };
}

/** Label and value rows; every value is what someone typed, so it is escaped and keeps its line breaks. */
function rows(pairs: [string, string][], { locale }: Speech): Section {
  const align = directionOf(locale) === "rtl" ? "right" : "left";
  return {
    text: pairs.map(([label, value]) => `${label}: ${value}`).join("\n"),
    html:
      `<table role="presentation" cellpadding="4">` +
      pairs.map(([label, value]) => `<tr><th align="${align}" valign="top">${textToHtml(label)}</th><td>${textToHtml(value)}</td></tr>`).join("") +
      `</table>`,
  };
}

function bookingRows(data: BusinessMessageData, speech: Speech): Section {
  const { t } = speech;
  const zone = data.workspace.timezone;
  const pairs: [string, string][] = [
    [t("email.details.service"), data.service.name],
    [t("email.business.calendar"), data.staff.name],
    [t("email.details.when"), formatAppointment(data.booking.startsAt, data.booking.endsAt, zone, speech)],
  ];
  if (data.event === "moved" && data.previousStartsAt && data.previousEndsAt) {
    pairs.push([t("email.business.previously"), formatAppointment(data.previousStartsAt, data.previousEndsAt, zone, speech)]);
  }
  pairs.push(
    [t("email.business.customer"), data.customer.name],
    [t("email.contact.email"), data.customer.email],
    [t("email.contact.phone"), data.customer.phone || t("email.business.noPhone")],
    [t("email.details.reference"), data.booking.id],
  );
  return rows(pairs, speech);
}

function answersSection(answers: BookingAnswer[], speech: Speech): Section | null {
  if (answers.length === 0) return null;
  const heading = speech.t("email.business.answers");
  const table = rows(
    answers.map((answer) => [answer.label, answer.value]),
    speech,
  );
  return { text: `${heading}\n${table.text}`, html: `<h3>${escapeHtml(heading)}</h3>${table.html}` };
}

/** The booking for the business's calendar: PUBLISH, same UID and SEQUENCE as the customer's copy; cancelled once cancelled. */
function businessCalendar(data: BusinessMessageData, speech: Speech): EmailAttachment {
  const { t } = speech;
  const description = [
    `${t("email.business.customer")}: ${data.customer.name}`,
    `${t("email.contact.email")}: ${data.customer.email}`,
    data.customer.phone ? `${t("email.contact.phone")}: ${data.customer.phone}` : null,
    ...data.answers.map((answer) => `${answer.label}: ${answer.value}`),
  ]
    .filter((line): line is string => line !== null)
    .join("\n");
  const content = buildCalendar({
    method: "PUBLISH",
    events: [
      {
        uid: data.booking.id,
        sequence: data.booking.sequence,
        startsAt: data.booking.startsAt,
        endsAt: data.booking.endsAt,
        stampedAt: data.now,
        summary: `${data.service.name} – ${data.customer.name} (${data.staff.name})`,
        description,
        location: data.workspace.address ?? data.workspace.mapsUrl,
        cancelled: data.event === "cancelled",
      },
    ],
  });
  return { filename: "booking.ics", contentType: "text/calendar; charset=utf-8; method=PUBLISH", content };
}
