"use client";

import { useCallback, useEffect, useState } from "react";
import { useTranslations } from "next-intl";
import { describeError } from "@/lib/booking-pages/messages";
import { extendHold, readBooking } from "@/lib/booking-pages/public-api";
import { useCountdown } from "./use-countdown";

/** docs/decisions.md#routes-the-contract-leaves-open: a live hold can be given its full window again at most twice. */
export const MAX_HOLD_EXTENSIONS = 2;
/** Warn this long before the hold ends (WCAG 2.2.1 asks for at least 20 seconds). */
export const HOLD_WARNING_SECONDS = 120;
/**
 * The page ends a hold this long before the server does, so nothing is submitted while the
 * timer shows time left that the server would refuse as expired (clock skew and the request's
 * own travel fit inside it).
 */
export const HOLD_SAFETY_SECONDS = 3;

export type Hold = {
  remaining: number | null;
  expired: boolean;
  canExtend: boolean;
  extending: boolean;
  extendError: string | null;
  extend: () => Promise<void>;
  /**
   * Asks the server whether the hold is still live (a refused code may mean it ended while the
   * page still counted down, its clock ahead of the page's): answers false, and the hold shows
   * as ended, when it is not.
   */
  stillHeld: () => Promise<boolean>;
};

/** The countdown of a booking's hold and its one-click extension through the manage token. */
export function useHold(input: {
  token: string | null;
  expiresAt: string | null;
  /** The hold's full window (10 minutes for a code, 30 for a card): the timer never shows more. */
  windowSeconds: number | null;
  now: () => number;
  onExpiresAtChange: (iso: string) => void;
}): Hold {
  const tErrors = useTranslations("errors");
  const left = useCountdown(input.expiresAt, input.now);
  // Seen from a clock a little behind the server's, a fresh hold has a hair more than its
  // window left: show 10:00, never 10:01.
  const remaining = left === null || input.windowSeconds === null ? left : Math.min(left, input.windowSeconds);
  const [extensions, setExtensions] = useState(0);
  const [extending, setExtending] = useState(false);
  const [extendError, setExtendError] = useState<string | null>(null);
  const [lapsed, setLapsed] = useState(false);
  const { token, onExpiresAtChange } = input;

  const extend = useCallback(async () => {
    if (!token) return;
    setExtending(true);
    setExtendError(null);
    const result = await extendHold(token);
    setExtending(false);
    if (result.ok) {
      const next = result.data.booking.hold_expires_at ?? result.data.booking.payment?.hold_expires_at;
      setExtensions((count) => count + 1);
      if (next) onExpiresAtChange(next);
      return;
    }
    if (result.error.kind === "http" && (result.error.type === "hold_expired" || result.error.status === 404)) {
      setLapsed(true);
      return;
    }
    if (result.error.kind === "http" && result.error.status === 409) {
      // Extended as often as allowed.
      setExtensions(MAX_HOLD_EXTENSIONS);
      return;
    }
    setExtendError(describeError(result.error, "manage", tErrors).body);
  }, [token, onExpiresAtChange, tErrors]);

  const stillHeld = useCallback(async () => {
    if (!token) return true;
    const read = await readBooking(token);
    const ended = read.ok ? ["expired", "cancelled"].includes(read.data.booking.status) : read.error.kind === "http" && read.error.status === 404;
    if (ended) setLapsed(true);
    return !ended;
  }, [token]);

  // Back on the page (a phone woken from sleep, a tab brought to the front, a tester who moved the
  // app's clock meanwhile): the countdown ran on this page's clock, so ask the server once whether
  // the hold is still live, and end it on the page at once if not.
  useEffect(() => {
    if (!token || lapsed) return;
    const check = () => {
      if (document.visibilityState === "visible") void stillHeld();
    };
    window.addEventListener("focus", check);
    document.addEventListener("visibilitychange", check);
    return () => {
      window.removeEventListener("focus", check);
      document.removeEventListener("visibilitychange", check);
    };
  }, [token, lapsed, stillHeld]);

  return {
    stillHeld,
    remaining,
    expired: lapsed || (remaining !== null && remaining <= HOLD_SAFETY_SECONDS),
    canExtend: token !== null && extensions < MAX_HOLD_EXTENSIONS,
    extending,
    extendError,
    extend,
  };
}
