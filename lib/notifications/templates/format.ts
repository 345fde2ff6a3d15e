import { DateTime } from "luxon";

/**
 * Helpers shared by the message templates. Every business- or customer-supplied string that
 * reaches HTML goes through `escapeHtml` (DECISIONS §7: plain text is rendered as text).
 */
const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

/** Plain text kept as text in HTML: escaped, line breaks preserved. */
export function textToHtml(value: string): string {
  return escapeHtml(value).replace(/\r?\n/g, "<br>");
}

/** A header value (subject) must be one line whatever a business named itself. */
export function oneLine(value: string): string {
  return value.replace(/[\r\n\t]+/g, " ").trim();
}

/** "Tuesday 10 March 2026, 09:00–10:00 (Europe/Paris)": the business's wall time, zone named. */
export function formatAppointment(startsAt: Date, endsAt: Date, timezone: string): string {
  const start = DateTime.fromJSDate(startsAt, { zone: timezone }).setLocale("en-GB");
  const end = DateTime.fromJSDate(endsAt, { zone: timezone }).setLocale("en-GB");
  const sameDay = start.hasSame(end, "day");
  const endText = sameDay ? end.toFormat("HH:mm") : end.toFormat("cccc d LLLL yyyy, HH:mm");
  return `${start.toFormat("cccc d LLLL yyyy, HH:mm")}–${endText} (${timezone})`;
}

/**
 * DECISIONS §12: the customer's own zone beside the business's, only when it is known and
 * another zone (null otherwise, and the caller shows the business's time alone).
 */
export function customerZoneShown(customerTimezone: string | null, businessTimezone: string): string | null {
  return customerTimezone && customerTimezone !== businessTimezone ? customerTimezone : null;
}

/** "10 Mar, 09:00 (Europe/Paris)": short form for SMS. */
export function formatAppointmentShort(startsAt: Date, timezone: string): string {
  return `${DateTime.fromJSDate(startsAt, { zone: timezone }).setLocale("en-GB").toFormat("d LLL, HH:mm")} (${timezone})`;
}
