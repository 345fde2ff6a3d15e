import { createTranslator } from "use-intl/core";
import en from "@/lib/i18n/messages/en.json";
import type { ApiError } from "./public-api";

/**
 * Every API refusal the booking pages can meet, as a kind sentence and what to do next.
 * Matches on the error `type` (never the message); an unknown type falls back to the class
 * its status names, as the spec asks of clients. The words are the `errors.*` messages: pass
 * `useTranslations("errors")` for the page's language (English when omitted).
 */
export type FriendlyError = {
  title: string;
  body: string;
  /** Whether trying the same thing again can help. */
  retry: boolean;
  /** The request budget resets at the next calendar minute (spec "Limits", rule 4). */
  waitForNextMinute?: boolean;
};

/** The message groups of the `errors` namespace: a title and a body each. */
type ErrorGroup =
  | "network"
  | "rateLimited"
  | "paused"
  | "originNotAllowed"
  | "slotTaken"
  | "slotClosed"
  | "slotFull"
  | "codeFailed"
  | "holdExpired"
  | "tooLateToCancel"
  | "tooLateToReschedule"
  | "notConfirmed"
  | "serviceGone"
  | "bookingNotFound"
  | "server"
  | "generic";

/** `t` of the `errors` namespace, as next-intl's `useTranslations("errors")` gives it. */
export type ErrorsTranslator = (key: `${ErrorGroup}.${"title" | "body"}`) => string;

const english: ErrorsTranslator = createTranslator({ locale: "en", messages: en, namespace: "errors" });

export function describeError(error: ApiError, context: "availability" | "booking" | "verify" | "manage", t: ErrorsTranslator = english): FriendlyError {
  const say = (group: ErrorGroup, retry: boolean, extra: Partial<FriendlyError> = {}): FriendlyError => ({
    title: t(`${group}.title`),
    body: t(`${group}.body`),
    retry,
    ...extra,
  });
  if (error.kind === "network") return say("network", true);
  switch (error.type) {
    case "rate_limited":
      return say("rateLimited", true, { waitForNextMinute: true });
    case "booking_volume_refused":
    case "plan_limit_exceeded":
      return say("paused", false);
    case "origin_not_allowed":
      return say("originNotAllowed", false);
    case "slot_unavailable":
      // The envelope's reason says why the time went (docs/booking-flow.md#attempts): never blame
      // someone else for the business's time off or a class that filled; no reason reads as booked.
      if (error.reason === "closed") return say("slotClosed", false);
      if (error.reason === "full") return say("slotFull", false);
      return say("slotTaken", false);
    case "outside_working_hours":
      // The business's hours no longer cover the time: it closed it, nobody booked it.
      return say("slotClosed", false);
    case "verification_failed":
      return say("codeFailed", true);
    case "hold_expired":
      return say("holdExpired", false);
    case "too_late_to_cancel":
      return say("tooLateToCancel", false);
    case "too_late_to_reschedule":
      return say("tooLateToReschedule", false);
    case "booking_not_confirmed":
      return say("notConfirmed", false);
    case "not_found":
      return context === "availability" ? say("serviceGone", false) : say("bookingNotFound", false);
  }
  if (error.status === 503 || error.status >= 500) return say("server", true);
  return say("generic", false);
}

/** Seconds until the rate-limit window resets (the next calendar minute boundary). */
export function secondsToNextMinute(now: number): number {
  return 60 - Math.floor((now % 60_000) / 1000);
}
