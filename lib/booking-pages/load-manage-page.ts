import { loadBaseContext } from "@/lib/context";
import { resolveManageToken } from "@/lib/customer-links/find-booking-by-token";
import { findRetiredManageLink, type RetiredManageLink } from "@/lib/customer-links/find-retired-link";
import { getPublicBooking } from "@/lib/customer-links/get-public-booking";
import { DomainError } from "@/lib/errors";
import { resolveFormattingLocale } from "@/lib/i18n/page-locale";
import type { PublicBookingRead } from "./public-booking";

export type ManagePageData =
  { kind: "live"; read: PublicBookingRead; locale: string; serverNow: string } | { kind: "retired"; retired: RetiredManageLink; locale: string };

/**
 * Server side of /manage/{token}: the public booking read the API serves, called as a domain
 * function. A token the API answers 404 for is either retired (the booking was cancelled, or
 * the link lapsed after the appointment: the page still points to the business) or never
 * existed (null: the one "not found" page). Reads only: mail scanners prefetch these links.
 */
export async function loadManagePage(token: string): Promise<ManagePageData | null> {
  const base = await loadBaseContext("page");
  const locale = await resolveFormattingLocale();
  try {
    const ctx = await resolveManageToken(base, token);
    const read = await getPublicBooking({ ctx });
    return { kind: "live", read, locale, serverNow: base.clock.now().toISOString() };
  } catch (error) {
    if (!(error instanceof DomainError && error.type === "not_found")) throw error;
  }
  const retired = await findRetiredManageLink({ ctx: base, input: { token } });
  return retired ? { kind: "retired", retired, locale } : null;
}
