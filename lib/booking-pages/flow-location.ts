import type { RepeatEvery } from "@/lib/availability/series-starts";
import type { DetailsValues } from "@/lib/booking-pages/details";

/**
 * Where the customer is in the flow, as the address bar says it, so Back, Forward and reload
 * move between steps the way a customer expects:
 *   ?service=…                          → times (day=yyyy-mm-dd: the chosen day)
 *   ?service=…&day=…&time=…[&staff=…]   → details
 *   …&step=code | step=pay | step=done  → the held booking (its token lives in sessionStorage)
 *   …&time=…&step=waitlist              → a full class's waitlist (docs/series-and-waitlists.md#waitlist)
 *   …&repeat=week&count=6               → a series: every occurrence at the chosen time (docs/series-and-waitlists.md)
 */
export type Step = "service" | "time" | "details" | "waitlist" | "verify" | "payment" | "done";

/** A series being booked: how far apart and how many occurrences, the first included. */
export type RepeatChoice = { every: RepeatEvery; count: number };

export type FlowLocation = {
  step: Step;
  serviceId: string | null;
  day: string | null;
  time: string | null;
  staffId: string | null;
  /** Absent from older addresses: no repeat. */
  repeat?: RepeatChoice | null;
};

const REPEAT_EVERY: readonly RepeatEvery[] = ["week", "2_weeks", "4_weeks"];

function parseRepeat(query: URLSearchParams): RepeatChoice | null {
  const every = query.get("repeat") as RepeatEvery | null;
  const count = Number(query.get("count"));
  if (!every || !REPEAT_EVERY.includes(every) || !Number.isInteger(count) || count < 2 || count > 26) return null;
  return { every, count };
}

const HELD_STEPS: Record<string, Step> = { code: "verify", pay: "payment", done: "done" };
const STEP_PARAM: Partial<Record<Step, string>> = { waitlist: "waitlist", verify: "code", payment: "pay", done: "done" };

export function parseLocation(search: string): FlowLocation {
  const query = new URLSearchParams(search);
  const serviceId = query.get("service");
  const day = query.get("day");
  const time = query.get("time");
  const staffId = query.get("staff");
  const held = HELD_STEPS[query.get("step") ?? ""];
  const waitlist = query.get("step") === "waitlist";
  const step: Step = !serviceId ? "service" : held ? held : time ? (waitlist ? "waitlist" : "details") : "time";
  const repeat = serviceId ? parseRepeat(query) : null;
  return { step, serviceId, day: day && /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : null, time, staffId, ...(repeat ? { repeat } : {}) };
}

export function toSearch(location: FlowLocation): string {
  const query = new URLSearchParams();
  if (location.step !== "service" && location.serviceId) {
    query.set("service", location.serviceId);
    if (location.repeat) {
      query.set("repeat", location.repeat.every);
      query.set("count", String(location.repeat.count));
    }
    if (location.day) query.set("day", location.day);
    if (location.step !== "time") {
      if (location.time) query.set("time", location.time);
      if (location.staffId) query.set("staff", location.staffId);
    }
    const held = STEP_PARAM[location.step];
    if (held) query.set("step", held);
  }
  const text = query.toString();
  return text ? `?${text}` : "";
}

/** A hold the customer has made in this tab: enough to resume it after a reload, or give it back. */
export type SavedHold = {
  bookingId: string;
  token: string;
  status: "pending" | "awaiting_payment" | "confirmed";
  serviceId: string;
  staffId: string;
  startsAt: string;
  endsAt: string;
  holdExpiresAt: string | null;
  /** A series: every occurrence the create made, the first (this hold) included. */
  series?: { id: string; bookings: { id: string; starts_at: string }[] };
};

/**
 * One booking attempt: the customer's choice and details (the create's body) and the
 * Idempotency-Key it was sent with, kept for as long as its booking may be live (sent but not
 * answered, held, or confirmed). Any repeat of the same attempt (a reload while it travels, a
 * hurried second click, Back then the same details again) sends the same key, so the server
 * answers with the booking this attempt made (never a second one, never a 409 for its own
 * hold). Other details or another choice are another attempt with a new key
 * (docs/booking-flow.md#attempts).
 */
export type SavedAttempt = { key: string; body: string; bookingId?: string };

export type SavedFlow = { details?: DetailsValues; hold?: SavedHold; attempt?: SavedAttempt };

/** Per booking page and per tab (sessionStorage): nothing outlives the browser session. */
const storageKey = (slug: string) => `booking-flow:${slug}`;

export function readSaved(slug: string): SavedFlow {
  try {
    const raw = window.sessionStorage.getItem(storageKey(slug));
    return raw ? (JSON.parse(raw) as SavedFlow) : {};
  } catch {
    return {};
  }
}

export function writeSaved(slug: string, patch: SavedFlow): void {
  try {
    const next = { ...readSaved(slug), ...patch };
    if (!patch.hold && "hold" in patch) delete next.hold;
    if (!patch.attempt && "attempt" in patch) delete next.attempt;
    window.sessionStorage.setItem(storageKey(slug), JSON.stringify(next));
  } catch {
    // Private modes may refuse storage; the flow still works, it only forgets on reload.
  }
}
