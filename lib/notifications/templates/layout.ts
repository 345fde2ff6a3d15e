import { customerZoneShown, escapeHtml, formatAppointment, textToHtml } from "./format";
import type { BookingMessageData } from "./message-data";

/**
 * The pieces every booking email shares, in plain text and in simple HTML. HTML is built
 * only from escaped values; nothing a business or customer typed is ever markup.
 */
export type Section = { text: string; html: string };

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

export function appointmentDetails(data: BookingMessageData, startsAt = data.booking.startsAt, endsAt = data.booking.endsAt): Section {
  const rows: [string, string][] = [
    ["Service", data.service.name],
    ["With", data.staff.name],
    ["When", formatAppointment(startsAt, endsAt, data.workspace.timezone)],
  ];
  const customerZone = customerZoneShown(data.booking.customerTimezone, data.workspace.timezone);
  if (customerZone) rows.push(["Your time", formatAppointment(startsAt, endsAt, customerZone)]);
  if (data.workspace.address) rows.push(["Where", data.workspace.address]);
  rows.push(["Booking reference", data.booking.id]);
  return {
    text: rows.map(([label, value]) => `${label}: ${value}`).join("\n"),
    html:
      `<table role="presentation" cellpadding="4">` +
      rows.map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join("") +
      `</table>`,
  };
}

/** How to reach the business: whichever contact details it published. */
export function contactDetails(data: BookingMessageData): Section | null {
  const { contactEmail, contactPhone, websiteUrl, mapsUrl, address } = data.workspace;
  const rows: [string, string][] = [];
  if (address) rows.push(["Address", address]);
  if (contactEmail) rows.push(["Email", contactEmail]);
  if (contactPhone) rows.push(["Phone", contactPhone]);
  if (websiteUrl) rows.push(["Website", websiteUrl]);
  if (mapsUrl) rows.push(["Directions", mapsUrl]);
  if (rows.length === 0) return null;
  const heading = `Contact ${data.workspace.name}`;
  return {
    text: `${heading}\n${rows.map(([label, value]) => `${label}: ${value}`).join("\n")}`,
    html: `<h3>${escapeHtml(heading)}</h3><p>` + rows.map(([label, value]) => `${escapeHtml(label)}: ${escapeHtml(value)}`).join("<br>") + `</p>`,
  };
}

/** Joins sections into the text body and a minimal, self-contained HTML document. */
export function renderEmail(title: string, sections: (Section | null)[]): { text: string; html: string } {
  const present = sections.filter((section): section is Section => section !== null);
  const text = present.map((section) => section.text).join("\n\n") + "\n";
  const html =
    `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>` +
    `<body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1a1a1a">` +
    `<h2>${escapeHtml(title)}</h2>` +
    present.map((section) => section.html).join("") +
    `</body></html>`;
  return { text, html };
}
