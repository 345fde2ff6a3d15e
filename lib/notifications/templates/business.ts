import { buildCalendar } from "@/lib/calendar/ics";
import type { BookingAnswer } from "@/lib/booking-details/schemas";
import { countryOfZone, workspaceFormattingLocale } from "@/lib/i18n/workspace-locale";
import { escapeHtml, formatAppointment, formatPhone, isolate, oneLine, type Speech } from "./format";
import { translatorFor } from "./i18n";
import { paragraph, renderEmail, rowText, seriesDates, table, type Row, type Section } from "./layout";
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
  /** The ids of the questions answered with a checkbox ("true"/"false"), written as yes or no. */
  checkboxQuestionIds?: ReadonlySet<string>;
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

/** A series' one message (docs/series-and-waitlists.md#series): its dates booked, or cancelled. A series is never moved whole. */
const SERIES_TITLE = {
  confirmed: "email.business.confirmedSeriesTitle",
  moved: "email.business.movedTitle",
  cancelled: "email.business.cancelledSeriesTitle",
} as const;

function seriesLeadKey(data: BusinessMessageData) {
  if (data.event === "confirmed") return "email.business.confirmedSeriesLead";
  if (data.event === "moved") return "email.business.movedLead";
  return data.cancelledBy === "customer" ? "email.business.cancelledSeriesByCustomer" : "email.business.cancelledSeriesByBusiness";
}

export function renderBusinessEmail(data: BusinessMessageData): EmailContent {
  // The business reads dates as a page shown where it is would write them (an English workspace in New York: US style).
  const speech: Speech = { locale: data.locale, t: translatorFor(data.locale), formatting: workspaceFormattingLocale(data.locale, data.workspace.timezone) };
  const { t, locale } = speech;
  const names = { customer: isolate(data.customer.name, locale), service: isolate(data.service.name, locale), staff: isolate(data.staff.name, locale) };
  const count = data.series?.length;
  const title = count ? t(SERIES_TITLE[data.event], { ...names, count }) : t(TITLE[data.event], names);
  const lead = count ? t(seriesLeadKey(data), { ...names, count }) : t(leadKey(data), names);
  const body = renderEmail(
    title,
    [
      paragraph(lead),
      bookingRows(data, speech),
      data.event === "cancelled" && data.cancelReason ? table([[t("email.business.reason"), data.cancelReason]], speech) : null,
      answersSection(data, speech),
      paragraph(t("email.business.footer")),
    ],
    speech,
  );
  return { subject: oneLine(title), ...body, attachments: [businessCalendar(data, speech)] };
}

function bookingRows(data: BusinessMessageData, speech: Speech): Section {
  const { t } = speech;
  const zone = data.workspace.timezone;
  const pairs: Row[] = [
    [t("email.details.service"), data.service.name],
    [t("email.business.calendar"), data.staff.name],
    data.series
      ? [t("email.details.dates", { count: data.series.length }), seriesDates(data.series, zone, speech)]
      : [t("email.details.when"), formatAppointment(data.booking.startsAt, data.booking.endsAt, zone, speech)],
  ];
  if (data.event === "moved" && data.previousStartsAt && data.previousEndsAt) {
    pairs.push([t("email.business.previously"), formatAppointment(data.previousStartsAt, data.previousEndsAt, zone, speech)]);
  }
  pairs.push(
    [t("email.business.customer"), data.customer.name],
    [t("email.contact.email"), data.customer.email],
    [t("email.contact.phone"), data.customer.phone ? formatPhone(data.customer.phone, countryOfZone(data.workspace.timezone)) : t("email.business.noPhone")],
    [t("email.details.reference"), data.booking.id],
  );
  return table(pairs, speech);
}

/** An answer as the business reads it: a ticked or unticked checkbox as a word of its language, anything else as typed. */
function answerValue(answer: BookingAnswer, data: BusinessMessageData, { t }: Speech): string {
  const isCheckbox = data.checkboxQuestionIds?.has(answer.question_id) ?? false;
  if (!isCheckbox) return answer.value;
  return answer.value === "true" ? t("email.business.yes") : t("email.business.no");
}

function answersSection(data: BusinessMessageData, speech: Speech): Section | null {
  if (data.answers.length === 0) return null;
  const heading = speech.t("email.business.answers");
  const rows = table(
    data.answers.map((answer) => [answer.label, answerValue(answer, data, speech)]),
    speech,
  );
  return { text: `${heading}\n${rows.text}`, html: `<h3>${escapeHtml(heading)}</h3>${rows.html}` };
}

/** The booking for the business's calendar: PUBLISH, same UID and SEQUENCE as the customer's copy; cancelled once cancelled. */
function businessCalendar(data: BusinessMessageData, speech: Speech): EmailAttachment {
  const { t } = speech;
  const description = [
    rowText([t("email.business.customer"), data.customer.name], speech),
    rowText([t("email.contact.email"), data.customer.email], speech),
    data.customer.phone ? rowText([t("email.contact.phone"), formatPhone(data.customer.phone, countryOfZone(data.workspace.timezone))], speech) : null,
    ...data.answers.map((answer) => rowText([answer.label, answerValue(answer, data, speech)], speech)),
  ]
    .filter((line): line is string => line !== null)
    .join("\n");
  // A series: one event per date, each under its booking's id (the feed's UID).
  const content = buildCalendar({
    method: "PUBLISH",
    events: (data.series ?? [data.booking]).map((date) => ({
      uid: date.id,
      sequence: date.sequence,
      startsAt: date.startsAt,
      endsAt: date.endsAt,
      stampedAt: data.now,
      summary: `${data.service.name} – ${data.customer.name} (${data.staff.name})`,
      description,
      location: data.workspace.address ?? data.workspace.mapsUrl,
      cancelled: data.event === "cancelled",
    })),
  });
  return { filename: "booking.ics", contentType: "text/calendar; charset=utf-8; method=PUBLISH", content };
}
