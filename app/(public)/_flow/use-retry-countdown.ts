"use client";

import { useEffect, useState } from "react";
import { secondsToNextMinute } from "@/lib/booking-pages/messages";

/**
 * After a 429 rate_limited the budget comes back at the next calendar minute (the spec sends
 * no Retry-After). Returns the seconds left, 0 when the customer may try again.
 */
export function useRetryCountdown(active: boolean, now: () => number): number {
  const [left, setLeft] = useState(0);
  useEffect(() => {
    if (!active) {
      setLeft(0);
      return;
    }
    // Count down to one fixed instant: the minute boundary after the refusal (counting to
    // "the next minute" on every tick would wrap from 1 back to 60 and never reach 0).
    const retryAt = now() + secondsToNextMinute(now()) * 1000;
    const tick = () => {
      const remaining = Math.max(0, Math.ceil((retryAt - now()) / 1000));
      setLeft(remaining);
      if (remaining === 0) window.clearInterval(timer);
    };
    const timer = window.setInterval(tick, 1000);
    tick();
    return () => window.clearInterval(timer);
  }, [active, now]);
  return left;
}
