import { directionOf } from "@/lib/i18n/locales";
import { countryOfZone, workspaceFormattingLocale } from "@/lib/i18n/workspace-locale";
import { emailBrandOf, linkStyle, logoHtml, type EmailBrand } from "./brand";
import { customerZoneShown, escapeHtml, formatAppointment, formatPhone, isolate, regionOf, textToHtml, zoneCityIn, type Speech } from "./format";
import { messageFormattingLocale } from "@/lib/i18n/customer-locale";
import { money, translatorFor, wallTime } from "./i18n";
import type { BookingMessageData, SeriesDate } from "./message-data";

/**
 * The pieces every booking email shares, in plain text and in simple HTML. HTML is built
 * only from escaped values; nothing a business or customer typed is ever markup.
 */
export type Section = { text: string; html: string };

/** How a booking's messages speak: their language, and the business's look for the HTML (docs/brand.md). */
export type MessageSpeech = Speech & { brand?: EmailBrand };

/**
 * The language a booking's messages are written in, and the business's brand they wear. Dates follow the
 * customer's own locale when known, else the language in the workspace's country (an API booking for a
 * New York business reads "Monday, November 30, 2026, 9:15 AM"), as its pages would show it there.
 */
export function speechFor(data: BookingMessageData): MessageSpeech {
  return {
    locale: data.locale,
    t: translatorFor(data.locale),
    formatting: messageFormattingLocale(data.locale, data.customerLocale) ?? workspaceFormattingLocale(data.locale, data.workspace.timezone),
    brand: emailBrandOf(data.workspace),
  };
}

export function paragraph(text: string): Section {
  return { text, html: `<p>${textToHtml(text)}</p>` };
}

/** A paragraph with a link whose label and address are both escaped. */
export function linkParagraph(before: string, url: string, label: string): Section {
  return {
    text: `${before}\n${url}`,
    html: `<p>${textToHtml(before)}<br><a href="${escapeHtml(url)}">${escapeHtml(label)}</a></p>`,
  };
}

/**
 * The manage link, when the booking still has one, with the real deadline for changes online:
 * "Free cancellation until …" (the service's notice before the start, in real minutes, shown in
 * the business's time), or, once that has passed, that the booking can no longer be cancelled or
 * moved online, so the email never offers what the manage page refuses (docs/decisions.md#bookings).
 */
export function manageLink(data: BookingMessageData, speech: Speech): Section | null {
  if (!data.manageUrl) return null;
  const { t } = speech;
  const cutoff = new Date(data.booking.startsAt.getTime() - data.service.minCancelNoticeMinutes * 60_000);
  const open = data.now < cutoff;
  const deadline = open ? deadlineLine(cutoff, data, speech) : paragraph(t("email.noOnlineChanges", { business: isolate(data.workspace.name, speech.locale) }));
  const link = linkParagraph(t(open ? "email.manageLead" : "email.manageLeadViewOnly"), data.manageUrl, t("email.manageLabel"));
  return { text: `${deadline.text}\n\n${link.text}`, html: `${deadline.html}${link.html}` };
}

function deadlineLine(cutoff: Date, data: BookingMessageData, speech: Speech): Section {
  const wall = wallTime(cutoff, data.workspace.timezone, speech.locale, speech.formatting);
  const deadline = speech.t("email.deadline", { date: wall.date, time: wall.time, city: zoneCityIn(data.workspace.timezone, speech.locale) });
  // A series: every date has its own deadline, the service's notice before it; the first is the nearest.
  if (data.series && data.series.length > 1) {
    const notice = data.service.minCancelNoticeMinutes;
    if (notice === 0) return paragraph(speech.t("email.freeCancellationEachUntilStart"));
    return paragraph(speech.t("email.freeCancellationEach", { notice: noticeIn(notice, speech.locale), deadline }));
  }
  return paragraph(speech.t("email.freeCancellationUntil", { deadline }));
}

/** A notice as words in the message's language: "24 hours", "90 minutes", "2 Tage". */
function noticeIn(minutes: number, locale: string): string {
  const [unit, count] =
    minutes % 1440 === 0 && minutes > 0
      ? (["day", minutes / 1440] as const)
      : minutes % 60 === 0
        ? (["hour", minutes / 60] as const)
        : (["minute", minutes] as const);
  return new Intl.NumberFormat(locale, { style: "unit", unit, unitDisplay: "long" }).format(count);
}

export type Row = [string, string];

/** "Label: value" as the message's language writes it ("Date : …" in French, with its narrow no-break space). */
export function rowText([label, value]: Row, { t, locale }: Speech): string {
  return t("email.row", { label: isolate(label, locale), value: isolate(value, locale) });
}

/**
 * Label and value rows; a value may be what someone typed, so it is escaped and keeps its line breaks. In a
 * right-to-left message each label and value is isolated (`<bdi>`, `dir="auto"`) so a Latin name, a phone
 * number or an email address keeps its own order.
 */
export function table(rows: Row[], speech: Speech): Section {
  const isRtl = directionOf(speech.locale) === "rtl";
  const cells = ([label, value]: Row) =>
    isRtl
      ? `<tr><th align="right" valign="top" width="35%"><bdi>${textToHtml(label)}</bdi></th><td dir="auto">${textToHtml(value)}</td></tr>`
      : `<tr><th align="left" valign="top" width="35%">${textToHtml(label)}</th><td>${textToHtml(value)}</td></tr>`;
  return {
    text: rows.map((row) => rowText(row, speech)).join("\n"),
    // One width for every table's label column, so a message's tables (the booking, the answers) line up.
    html: `<table role="presentation" cellpadding="4" width="100%">` + rows.map(cells).join("") + `</table>`,
  };
}

/** `more`: rows that belong to the same booking (what was paid), kept in its one table so the columns line up. */
export function appointmentDetails(
  data: BookingMessageData,
  speech: Speech,
  startsAt = data.booking.startsAt,
  endsAt = data.booking.endsAt,
  more: Row[] = [],
): Section {
  const { t } = speech;
  const rows: Row[] = [
    [t("email.details.service"), data.service.name],
    [t("email.details.with"), data.staff.name],
  ];
  const customerZone = customerZoneShown(data.booking.customerTimezone, data.workspace.timezone);
  if (data.series) {
    // A series' one message: every date, one a line, in the business's zone and then the customer's.
    rows.push([t("email.details.dates", { count: data.series.length }), seriesDates(data.series, data.workspace.timezone, speech)]);
    if (customerZone) rows.push([t("email.details.yourTime"), seriesDates(data.series, customerZone, speech)]);
  } else {
    rows.push([t("email.details.when"), formatAppointment(startsAt, endsAt, data.workspace.timezone, speech)]);
    if (customerZone) rows.push([t("email.details.yourTime"), formatAppointment(startsAt, endsAt, customerZone, speech)]);
  }
  if (data.workspace.address) rows.push([t("email.details.where"), data.workspace.address]);
  rows.push([t("email.details.reference"), data.booking.id], ...more);
  return table(rows, speech);
}

/** A series' dates, one a line, each as a single booking's "When" writes it (its own offset: 10:00 stays 10:00 across a clock change). */
export function seriesDates(dates: readonly SeriesDate[], zone: string, speech: Speech): string {
  return dates.map((date) => formatAppointment(date.startsAt, date.endsAt, zone, speech)).join("\n");
}

/** Payments that no longer hold the customer's money. */
const RETURNED_STATUSES = new Set(["canceled", "refunded"]);

/**
 * What the customer paid when booking: in full ("Paid"), or a deposit ("Price", "Paid now"
 * and the balance due at the appointment). Only for a confirmed booking: a paid service's
 * booking is confirmed only once its payment has the money (lib/payments/settle-booking.ts),
 * in the transaction that records it, so the row may still carry its earlier status here.
 */
export function paymentRows(data: BookingMessageData, speech: Speech): Row[] {
  const { payment } = data;
  if (!payment || data.booking.status !== "confirmed" || RETURNED_STATUSES.has(payment.status)) return [];
  const { t, locale } = speech;
  const paid = money(payment.amountCents, payment.currency, locale);
  const price = data.service.priceCents;
  if (price === null || price <= payment.amountCents) return [[t("email.details.paid"), paid]];
  return [
    [t("email.details.price"), money(price, data.workspace.currency, locale)],
    [t("email.details.paidNow"), paid],
    [t("email.details.balanceDue"), money(price - payment.amountCents, data.workspace.currency, locale)],
  ];
}

/** Where the customer reads from, for how a number is dialled: their locale's region, else their zone's country, else the business's. */
function readerCountry(data: BookingMessageData): string | null {
  return regionOf(messageFormattingLocale(data.locale, data.customerLocale)) ?? countryOfZone(data.booking.customerTimezone ?? data.workspace.timezone);
}

/** How to reach the business: whichever contact details it published. */
export function contactDetails(data: BookingMessageData, speech: Speech): Section | null {
  const { t, locale } = speech;
  const { contactEmail, contactPhone, websiteUrl, mapsUrl, address } = data.workspace;
  const rows: Row[] = [];
  if (address) rows.push([t("email.contact.address"), address]);
  if (contactEmail) rows.push([t("email.contact.email"), contactEmail]);
  if (contactPhone) rows.push([t("email.contact.phone"), formatPhone(contactPhone, readerCountry(data))]);
  if (websiteUrl) rows.push([t("email.contact.website"), websiteUrl]);
  if (mapsUrl) rows.push([t("email.contact.directions"), mapsUrl]);
  if (rows.length === 0) return null;
  const heading = t("email.contact.heading", { business: isolate(data.workspace.name, locale) });
  const lines = rows.map((row) => rowText(row, speech));
  return {
    text: `${heading}\n${lines.join("\n")}`,
    html: `<h3>${escapeHtml(heading)}</h3><p>` + lines.map(escapeHtml).join("<br>") + `</p>`,
  };
}

/**
 * Joins sections into the text body and a minimal, self-contained HTML document in the
 * message's language and direction (`dir="rtl"` for Arabic), in the business's brand when
 * the speech carries it: its logo, a band in its colour, links in its readable shade.
 */
export function renderEmail(title: string, sections: (Section | null)[], { locale, brand }: MessageSpeech): { text: string; html: string } {
  const present = sections.filter((section): section is Section => section !== null);
  const text = present.map((section) => section.text).join("\n\n") + "\n";
  const dir = directionOf(locale);
  const look = brand ?? emailBrandOf({ name: "", brandColor: null, logoUrl: null });
  const html =
    `<!doctype html><html lang="${locale}" dir="${dir}"><head><meta charset="utf-8"><meta name="color-scheme" content="light"><title>${escapeHtml(title)}</title>${linkStyle(look)}</head>` +
    `<body dir="${dir}" style="margin:0;padding:0;background:${look.background};font-family:system-ui,sans-serif;line-height:1.5;color:${look.text}">` +
    `<div style="border-top:6px solid ${look.band};padding:24px 16px;max-width:600px">` +
    logoHtml(look) +
    `<h2>${escapeHtml(title)}</h2>` +
    present.map((section) => section.html).join("") +
    `</div></body></html>`;
  return { text, html };
}
