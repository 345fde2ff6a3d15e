import type { ApiError } from "./public-api";

/**
 * Every API refusal the booking pages can meet, as a kind sentence and what to do next.
 * Matches on the error `type` (never the message); an unknown type falls back to the class
 * its status names, as the spec asks of clients.
 */
export type FriendlyError = {
  title: string;
  body: string;
  /** Whether trying the same thing again can help. */
  retry: boolean;
  /** The request budget resets at the next calendar minute (spec "Limits", rule 4). */
  waitForNextMinute?: boolean;
};

export function describeError(error: ApiError, context: "availability" | "booking" | "verify" | "manage"): FriendlyError {
  if (error.kind === "network") {
    return {
      title: "We couldn't reach the booking service",
      body: "Check your internet connection, then try again. Nothing you entered has been lost.",
      retry: true,
    };
  }
  switch (error.type) {
    case "rate_limited":
      return {
        title: "A few too many tries",
        body: "For everyone's safety we pause requests for a moment. Please wait until the countdown ends and try again; your details are kept.",
        retry: true,
        waitForNextMinute: true,
      };
    case "booking_volume_refused":
    case "plan_limit_exceeded":
      return {
        title: "Online booking is paused",
        body: "This business can't take more online bookings right now. Please contact them directly to book.",
        retry: false,
      };
    case "origin_not_allowed":
      return {
        title: "Booking isn't available here",
        body: "This website isn't set up to take bookings. Please use the business's own booking page.",
        retry: false,
      };
    case "slot_unavailable":
    case "outside_working_hours":
      return {
        title: "That time was just taken",
        body: "Someone else booked it a moment ago. Please pick another time; your details are saved.",
        retry: false,
      };
    case "verification_failed":
      return {
        title: "That code didn't work",
        body: "Check that you typed the 6 digits from the most recent message. Codes stop working after a few wrong tries or when the hold ends.",
        retry: true,
      };
    case "hold_expired":
      return { title: "Your held time has ended", body: "Please choose a time again; your details are saved.", retry: false };
    case "too_late_to_cancel":
      return {
        title: "It's too late to cancel online",
        body: "The cancellation window for this booking has closed. Please contact the business.",
        retry: false,
      };
    case "too_late_to_reschedule":
      return { title: "It's too late to change the time online", body: "The window for changes has closed. Please contact the business.", retry: false };
    case "booking_not_confirmed":
      return { title: "This booking can't be moved yet", body: "Only a confirmed booking can be moved to another time.", retry: false };
    case "not_found":
      return context === "availability"
        ? { title: "This service is no longer offered", body: "Please go back and choose another one.", retry: false }
        : { title: "We couldn't find this booking", body: "The link may have expired or the booking was cancelled.", retry: false };
  }
  if (error.status === 503 || error.status >= 500) {
    return { title: "Something went wrong on our side", body: "Please try again in a moment. Nothing you entered has been lost.", retry: true };
  }
  return { title: "We couldn't complete that", body: "Please check your details and try again.", retry: false };
}

/** Seconds until the rate-limit window resets (the next calendar minute boundary). */
export function secondsToNextMinute(now: number): number {
  return 60 - Math.floor((now % 60_000) / 1000);
}
