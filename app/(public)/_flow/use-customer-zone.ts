"use client";

import { useLocale } from "next-intl";
import { useEffect, useState } from "react";
import { loadZoneCities, type ZoneNames } from "@/lib/booking-pages/zone-cities";
import { isLocale } from "@/lib/i18n/locales";

/**
 * The customer's zone (`known`, else this browser's, read after hydration) with the names of the
 * page's zones: the server's (`given`), plus the customer's zone from the page language's table
 * when the server could not name it (it never knows the browser's zone). The zone is answered
 * only once its city is known, so no label shows one spelling, then another.
 */
export function useCustomerZone(given: ZoneNames, known: string | null = null): { customerZone: string | null; zoneNames: ZoneNames } {
  const language = useLocale();
  const [state, setState] = useState<{ customerZone: string | null; zoneNames: ZoneNames }>({ customerZone: null, zoneNames: given });
  useEffect(() => {
    const zone = known ?? (Intl.DateTimeFormat().resolvedOptions().timeZone || null);
    if (!zone || zone in given || !isLocale(language)) {
      setState({ customerZone: zone, zoneNames: given });
      return;
    }
    let live = true;
    loadZoneCities(language).then(
      (table) => live && setState({ customerZone: zone, zoneNames: zone in table ? { ...given, [zone]: table[zone] } : given }),
      // The table did not load (offline): the IANA city, as for any zone the tables lack.
      () => live && setState({ customerZone: zone, zoneNames: given }),
    );
    return () => {
      live = false;
    };
  }, [given, known, language]);
  return state;
}
