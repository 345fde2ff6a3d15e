"use client";

import { createContext, useCallback, useContext, type ReactNode } from "react";
import { zoneCity } from "@/lib/booking-pages/format";
import { NO_ZONE_NAMES, type ZoneNames } from "@/lib/booking-pages/zone-cities";

const ZoneNamesContext = createContext<ZoneNames>(NO_ZONE_NAMES);

/** The zones' cities the server named for this page (docs/booking-flow.md#time-zones), for every label below. */
export function ZoneNamesProvider({ names, children }: { names: ZoneNames; children: ReactNode }) {
  return <ZoneNamesContext value={names}>{children}</ZoneNamesContext>;
}

export function useZoneNames(): ZoneNames {
  return useContext(ZoneNamesContext);
}

/** A zone's city in the page's language, as the server named it: never the browser's own ICU. */
export function useZoneCity(): (zone: string) => string {
  const names = useZoneNames();
  return useCallback((zone: string) => zoneCity(zone, names), [names]);
}
