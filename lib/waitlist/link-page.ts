import { eq } from "drizzle-orm";
import type { BaseContext } from "@/lib/context";
import { bookings, type WorkspaceRow } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors";
import { manageUrl } from "@/lib/notifications/queue-booking-messages";
import { unseal } from "@/lib/secrets/seal";
import { toZonedIso } from "@/lib/time/zoned";
import { findEntryByToken } from "./read-entries";
import { bookWaitlistOffer, leaveWaitlistByToken } from "./respond-to-offer";

export type LinkAction = "book" | "leave";

/**
 * What the link's page shows: the one button of its action (`offer`: book the seat held for the
 * customer; `leave`: leave the line), or why there is none (`no_offer`: no seat is held now;
 * `left`; `booked` when the booking's manage link cannot be read).
 */
export type LinkPageState = "offer" | "leave" | "no_offer" | "left" | "booked";

/** The business as the customer pages show it (its header, colour, logo and theme: docs/brand.md). */
export type LinkPageWorkspace = {
  name: string;
  slug: string;
  timezone: string;
  blurb: string | null;
  website_url: string | null;
  instagram_url: string | null;
  maps_url: string | null;
  terms_url: string | null;
  logo_url: string | null;
  logo_dark_url: string | null;
  brand_color: string | null;
  theme: WorkspaceRow["theme"];
};

export type LinkPage = { state: LinkPageState; action: LinkAction; service_name: string; starts_at: string; workspace: LinkPageWorkspace };

/**
 * The page an email's waitlist link opens (docs/series-and-waitlists.md), read only: opening it
 * changes nothing (mail scanners prefetch links). Null for an unknown token.
 */
export async function loadLinkPage(ctx: Pick<BaseContext, "db">, input: { token: string; action: LinkAction }): Promise<LinkPage | null> {
  const found = await findEntryByToken(ctx.db, input.token);
  if (!found) return null;
  const { entry, workspace, serviceName } = found;
  return {
    state: stateOf(entry.status, input.action),
    action: input.action,
    service_name: serviceName,
    starts_at: toZonedIso(entry.startsAt, workspace.timezone),
    workspace: {
      name: workspace.name,
      slug: workspace.slug,
      timezone: workspace.timezone,
      blurb: workspace.blurb,
      website_url: workspace.websiteUrl,
      instagram_url: workspace.instagramUrl,
      maps_url: workspace.mapsUrl,
      terms_url: workspace.termsUrl,
      logo_url: workspace.logoUrl,
      logo_dark_url: workspace.logoDarkUrl,
      brand_color: workspace.brandColor,
      theme: workspace.theme,
    },
  };
}

function stateOf(status: string, action: LinkAction): LinkPageState {
  if (status === "booked") return "booked";
  if (status === "left") return "left";
  if (action === "book") return status === "offered" ? "offer" : "no_offer";
  return status === "waiting" || status === "offered" ? "leave" : "no_offer";
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

/** The link's own page: `/waitlist/{token}?action=…` (the address the emails carry). */
export function linkPagePath(token: string, action: LinkAction): string {
  return `/waitlist/${encodeURIComponent(token)}?action=${action}`;
}
