import { cache } from "react";
import { getConfig } from "@/lib/config";
import { getDb } from "@/lib/db/client";
import { DomainError } from "@/lib/errors";
import { resolveFormattingLocale } from "@/lib/i18n/page-locale";
import { getWorkspaceBootstrap } from "@/lib/public/get-workspace-bootstrap";
import { loadClock } from "@/lib/time/clock";
import type { Bootstrap } from "./types";
import type { ZoneNames } from "./zone-cities";
import { zoneNamesFor } from "./zone-names";

export type BookingPageData = {
  bootstrap: Bootstrap;
  locale: string;
  serverNow: string;
  stripePublishableKey: string | null;
  devTools: boolean;
  /** The business's zone named in the page's language: the city the first paint shows (the customer's zone is the browser's, named after hydration). */
  zoneNames: ZoneNames;
};

/**
 * Server side of /book/{slug} and /embed/{slug}: the same public bootstrap the API serves
 * (called as a domain function so the first paint needs no extra hop), plus the request's
 * locale and the app clock. Null for an unknown slug. Cached per request, so metadata and
 * page share one read.
 */
export const loadBookingPage = cache(async (slug: string): Promise<BookingPageData | null> => {
  const db = await getDb();
  let bootstrap: Bootstrap;
  try {
    bootstrap = await getWorkspaceBootstrap({ ctx: { db }, slug });
  } catch (error) {
    if (error instanceof DomainError && error.type === "not_found") return null;
    throw error;
  }
  const clock = await loadClock(db);
  const config = getConfig();
  const locale = await resolveFormattingLocale();
  return {
    bootstrap,
    locale,
    serverNow: clock.now().toISOString(),
    stripePublishableKey: config.stripe?.publishableKey ?? null,
    devTools: config.devTools,
    zoneNames: zoneNamesFor([bootstrap.workspace.timezone], locale),
  };
});
