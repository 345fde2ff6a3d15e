import { loadBaseContext } from "@/lib/context";
import { resolveManageToken } from "@/lib/customer-links/find-booking-by-token";
import { findRetiredManageLink, type RetiredManageLink } from "@/lib/customer-links/find-retired-link";
import { getPublicBooking } from "@/lib/customer-links/get-public-booking";
import { DomainError } from "@/lib/errors";
import { resolveFormattingLocale } from "@/lib/i18n/page-locale";
import type { PublicBookingRead } from "./public-booking";
import type { ZoneNames } from "./zone-cities";
import { zoneNamesFor } from "./zone-names";

export type ManagePageData = { kind: "live"; read: PublicBookingRead; locale: string; serverNow: string; zoneNames: ZoneNames };

/**
 * Server side of /manage/{token}: the public booking read the API serves, called as a domain
 * function; null for a token the API answers 404 for (the page answers 404 too). Reads only:
 * mail scanners prefetch these links.
 */
export async function loadManagePage(token: string): Promise<ManagePageData | null> {
  const base = await loadBaseContext("page");
  const locale = await resolveFormattingLocale();
  try {
    const ctx = await resolveManageToken(base, token);
    const read = await getPublicBooking({ ctx });
    // The business's zone and the one the booking was made from: the cities the page names.
    const zoneNames = zoneNamesFor([read.workspace.timezone, read.booking.customer.timezone], locale);
    return { kind: "live", read, locale, serverNow: base.clock.now().toISOString(), zoneNames };
  } catch (error) {
    if (!(error instanceof DomainError && error.type === "not_found")) throw error;
  }
  return null;
}

/** A token the page answers 404 for: the business of its cancelled or lapsed booking, or null. */
export async function loadRetiredManageLink(token: string): Promise<RetiredManageLink | null> {
  return findRetiredManageLink({ ctx: await loadBaseContext("page"), input: { token } });
}
