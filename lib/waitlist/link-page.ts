import { eq } from "drizzle-orm";
import type { BaseContext } from "@/lib/context";
import { bookings } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors";
import type { Locale } from "@/lib/i18n/locales";
import { manageUrl } from "@/lib/notifications/queue-booking-messages";
import { translatorFor, wallTime } from "@/lib/notifications/templates/i18n";
import { unseal } from "@/lib/secrets/seal";
import { findEntryByToken } from "./read-entries";
import { bookWaitlistOffer, leaveWaitlistByToken } from "./respond-to-offer";

export type LinkAction = "book" | "leave";

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The page an email's waitlist link opens (docs/series-and-waitlists.md). Opening it changes
 * nothing (mail scanners prefetch links): it shows the one button of its action, and that one
 * click (a POST to the same address) books the offered seat or leaves the line. In the entry's
 * language. Null for an unknown token.
 */
export async function renderLinkPage(
  ctx: Pick<BaseContext, "db" | "clock">,
  input: { token: string; action: LinkAction; done?: boolean },
): Promise<string | null> {
  const found = await findEntryByToken(ctx.db, input.token);
  if (!found) return null;
  const { entry, workspace, serviceName } = found;
  const locale: Locale = entry.customerLanguage ?? workspace.language;
  const t = translatorFor(locale);
  const wall = wallTime(entry.startsAt, workspace.timezone, locale);
  const values = { business: workspace.name, service: serviceName, when: `${wall.date}, ${wall.time}` };
  let body: string;
  if (entry.status === "booked") body = `<p>${escapeHtml(t("email.confirmation.lead", values))}</p>`;
  else if (entry.status === "left") body = `<p>${escapeHtml(t("email.waitlist.leftLead", values))}</p>`;
  else if (input.action === "book" && entry.status !== "offered") body = `<p>${escapeHtml(t("email.waitlist.noOfferLead", values))}</p>`;
  else if (input.action === "leave" && entry.status !== "waiting" && entry.status !== "offered")
    body = `<p>${escapeHtml(t("email.waitlist.noOfferLead", values))}</p>`;
  else {
    const lead = input.action === "book" ? t("email.waitlist.offerLead", values) : t("email.waitlist.joinedLead", values);
    const label = input.action === "book" ? t("email.waitlist.bookLabel") : t("email.waitlist.leaveLabel");
    body = `<p>${escapeHtml(lead)}</p><form method="post"><input type="hidden" name="action" value="${input.action}"><button type="submit">${escapeHtml(label)}</button></form>`;
  }
  const dir = locale === "ar" ? "rtl" : "ltr";
  return `<!doctype html><html lang="${locale}" dir="${dir}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(workspace.name)}</title></head><body><h1>${escapeHtml(serviceName)}</h1>${body}</body></html>`;
}

/** The click: books the offer or leaves the line; an offer that lapsed meanwhile is shown as such, not as an error page. */
export async function actOnLink(ctx: Pick<BaseContext, "db" | "clock">, input: { token: string; action: LinkAction }): Promise<void> {
  try {
    if (input.action === "book") await bookWaitlistOffer({ ctx, token: input.token });
    else await leaveWaitlistByToken({ ctx, token: input.token });
  } catch (error) {
    if (!(error instanceof DomainError) || (error.type !== "conflict" && error.type !== "not_found")) throw error;
  }
}

/**
 * Where a booked entry's link leads: the manage page of the booking the seat became (its
 * confirmation, calendar file, cancel and reschedule), as the confirmation email's link does.
 * Null while the entry is not booked.
 */
export async function bookedManageUrl(ctx: Pick<BaseContext, "db">, token: string): Promise<string | null> {
  const found = await findEntryByToken(ctx.db, token);
  if (found?.entry.status !== "booked" || !found.entry.offeredBookingId) return null;
  const [booking] = await ctx.db.select({ sealed: bookings.accessTokenSealed }).from(bookings).where(eq(bookings.id, found.entry.offeredBookingId));
  return booking?.sealed ? manageUrl(unseal(booking.sealed)) : null;
}
