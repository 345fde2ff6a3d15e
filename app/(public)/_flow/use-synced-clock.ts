"use client";

import { useCallback, useRef } from "react";
import { readDeviceNow } from "@/lib/time/device-clock";

export type SyncedClock = { now: () => number; sync: (serverIso: string) => void };

/**
 * The app's clock as seen from the browser, like useServerClock, and re-synced from any
 * server instant the flow receives (a new booking's created_at), which is closer to the
 * moment the hold was set than the page's render time.
 */
export function useSyncedClock(serverNowIso: string): SyncedClock {
  const skew = useRef<number | null>(null);
  const now = useCallback(() => {
    skew.current ??= Date.parse(serverNowIso) - readDeviceNow();
    return readDeviceNow() + skew.current;
  }, [serverNowIso]);
  const sync = useCallback((serverIso: string) => {
    const instant = Date.parse(serverIso);
    if (Number.isFinite(instant)) skew.current = instant - readDeviceNow();
  }, []);
  return { now, sync };
}
