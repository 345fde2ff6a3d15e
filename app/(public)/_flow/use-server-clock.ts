"use client";

import { useCallback, useRef } from "react";
import { readDeviceNow } from "@/lib/time/device-clock";

/**
 * The app's clock as seen from the browser. The server renders the page with its own "now"
 * (which includes the dev-tools offset); the difference to the browser's clock is applied to
 * every countdown, so hold timers agree with the server that enforces them.
 */
export function useServerClock(serverNowIso: string): () => number {
  const skew = useRef<number | null>(null);
  return useCallback(() => {
    skew.current ??= Date.parse(serverNowIso) - readDeviceNow();
    return readDeviceNow() + skew.current;
  }, [serverNowIso]);
}
