import { headers } from "next/headers";
import { loadBaseContext } from "@/lib/context";
import { resolveManageToken } from "@/lib/customer-links/find-booking-by-token";
import { getPublicBooking } from "@/lib/customer-links/get-public-booking";
import { DomainError } from "@/lib/errors";
import { localeFromAcceptLanguage } from "./locale";
import type { PublicBookingRead } from "./public-booking";

export type ManagePageData = { read: PublicBookingRead; locale: string; serverNow: string };

/**
 * Server side of /manage/{token}: the public booking read the API serves, called as a domain
 * function. Null for every token that reads as 404 (unknown, expired, cancelled), so all of
 * them get the same page. Reads only: mail scanners prefetch these links.
 */
export async function loadManagePage(token: string): Promise<ManagePageData | null> {
  const base = await loadBaseContext("page");
  try {
    const ctx = await resolveManageToken(base, token);
    const read = await getPublicBooking({ ctx });
    return {
      read,
      locale: localeFromAcceptLanguage((await headers()).get("accept-language")),
      serverNow: base.clock.now().toISOString(),
    };
  } catch (error) {
    if (error instanceof DomainError && error.type === "not_found") return null;
    throw error;
  }
}
