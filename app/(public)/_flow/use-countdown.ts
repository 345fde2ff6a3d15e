"use client";

import { useEffect, useState } from "react";

/** Seconds left until `deadlineIso` on the given clock, ticking once a second; null without a deadline. */
export function useCountdown(deadlineIso: string | null | undefined, now: () => number): number | null {
  const compute = () => (deadlineIso ? (Date.parse(deadlineIso) - now()) / 1000 : null);
  const [remaining, setRemaining] = useState<number | null>(compute);

  useEffect(() => {
    setRemaining(compute());
    if (!deadlineIso) return;
    const timer = window.setInterval(() => setRemaining(compute()), 1000);
    return () => window.clearInterval(timer);
  }, [deadlineIso, now]);

  return remaining;
}
