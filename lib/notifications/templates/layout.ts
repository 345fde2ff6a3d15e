import { displayPhone } from "@/lib/booking-pages/format";
import { directionOf } from "@/lib/i18n/locales";
import { emailBrandOf, linkStyle, logoHtml, type EmailBrand } from "./brand";
import { customerZoneShown, escapeHtml, formatAppointment, textToHtml, type Speech } from "./format";
import { messageFormattingLocale } from "@/lib/i18n/customer-locale";
import { money, translatorFor, wallTime } from "./i18n";
import type { BookingMessageData } from "./message-data";

/**
 * The pieces every booking email shares, in plain text and in simple HTML. HTML is built
 * only from escaped values; nothing a business or customer typed is ever markup.
 */
export type Section = { text: string; html: string };

/** How a booking's messages speak: their language, and the business's look for the HTML (docs/brand.md). */
export type MessageSpeech = Speech & { brand?: EmailBrand };

/** The language a booking's messages are written in, and the business's brand they wear. */
export function speechFor(data: BookingMessageData): MessageSpeech {
  return {
    locale: data.locale,
    t: translatorFor(data.locale),
    formatting: messageFormattingLocale(data.locale, data.customerLocale),
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
  const deadline = open ? deadlineLine(cutoff, data, speech) : paragraph(t("email.noOnlineChanges", { business: data.workspace.name }));
  const link = linkParagraph(t(open ? "email.manageLead" : "email.manageLeadViewOnly"), data.manageUrl, t("email.manageLabel"));
  return { text: `${deadline.text}\n\n${link.text}`, html: `${deadline.html}${link.html}` };
}

function deadlineLine(cutoff: Date, data: BookingMessageData, speech: Speech): Section {
  const wall = wallTime(cutoff, data.workspace.timezone, speech.locale, speech.formatting);
  const deadline = speech.t("email.deadline", { date: wall.date, time: wall.time, zone: data.workspace.timezone });
  return paragraph(speech.t("email.freeCancellationUntil", { deadline }));
}

type Row = [string, string];

function table(rows: Row[], speech: Speech): Section {
  const align = directionOf(speech.locale) === "rtl" ? "right" : "left";
  return {
    text: rows.map(([label, value]) => `${label}: ${value}`).join("\n"),
    html:
      `<table role="presentation" cellpadding="4">` +
      rows.map(([label, value]) => `<tr><th align="${align}">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join("") +
      `</table>`,
  };
}

export function appointmentDetails(data: BookingMessageData, speech: Speech, startsAt = data.booking.startsAt, endsAt = data.booking.endsAt): Section {
  const { t } = speech;
  const rows: Row[] = [
    [t("email.details.service"), data.service.name],
    [t("email.details.with"), data.staff.name],
    [t("email.details.when"), formatAppointment(startsAt, endsAt, data.workspace.timezone, speech)],
  ];
  const customerZone = customerZoneShown(data.booking.customerTimezone, data.workspace.timezone);
  if (customerZone) rows.push([t("email.details.yourTime"), formatAppointment(startsAt, endsAt, customerZone, speech)]);
  if (data.workspace.address) rows.push([t("email.details.where"), data.workspace.address]);
  rows.push([t("email.details.reference"), data.booking.id]);
  return table(rows, speech);
}

/** Payments that no longer hold the customer's money. */
const RETURNED_STATUSES = new Set(["canceled", "refunded"]);

/**
 * What the customer paid when booking: in full ("Paid"), or a deposit ("Price", "Paid now"
 * and the balance due at the appointment). Only for a confirmed booking: a paid service's
 * booking is confirmed only once its payment has the money (lib/payments/settle-booking.ts),
 * in the transaction that records it, so the row may still carry its earlier status here.
 */
export function paymentDetails(data: BookingMessageData, speech: Speech): Section | null {
  const { payment } = data;
  if (!payment || data.booking.status !== "confirmed" || RETURNED_STATUSES.has(payment.status)) return null;
  const { t, locale } = speech;
  const paid = money(payment.amountCents, payment.currency, locale);
  const price = data.service.priceCents;
  if (price === null || price <= payment.amountCents) return table([[t("email.details.paid"), paid]], speech);
  return table(
    [
      [t("email.details.price"), money(price, data.workspace.currency, locale)],
      [t("email.details.paidNow"), paid],
      [t("email.details.balanceDue"), money(price - payment.amountCents, data.workspace.currency, locale)],
    ],
    speech,
  );
}

/** How to reach the business: whichever contact details it published. */
export function contactDetails(data: BookingMessageData, { t }: Speech): Section | null {
  const { contactEmail, contactPhone, websiteUrl, mapsUrl, address } = data.workspace;
  const rows: Row[] = [];
  if (address) rows.push([t("email.contact.address"), address]);
  if (contactEmail) rows.push([t("email.contact.email"), contactEmail]);
  if (contactPhone) rows.push([t("email.contact.phone"), displayPhone(contactPhone)]);
  if (websiteUrl) rows.push([t("email.contact.website"), websiteUrl]);
  if (mapsUrl) rows.push([t("email.contact.directions"), mapsUrl]);
  if (rows.length === 0) return null;
  const heading = t("email.contact.heading", { business: data.workspace.name });
  return {
    text: `${heading}\n${rows.map(([label, value]) => `${label}: ${value}`).join("\n")}`,
    html: `<h3>${escapeHtml(heading)}</h3><p>` + rows.map(([label, value]) => `${escapeHtml(label)}: ${escapeHtml(value)}`).join("<br>") + `</p>`,
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
