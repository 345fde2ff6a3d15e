import type { CreateBookingRequest, CreatedBooking, JoinWaitlistRequest, StaffSlots, WaitlistEntry } from "./types";
import type { PublicBookingRead } from "./public-booking";

/**
 * The browser's client for our own public API: the pages use exactly what a third-party
 * integrator would (the workspace's pk_ key, or the manage token), never a private path.
 * Every call resolves (never throws) to a result the screens can turn into a kind message; a
 * slot_unavailable's `reason` (booked, closed, full) lets them say why the time went.
 */
export type ApiError = { kind: "network" } | { kind: "http"; status: number; type: string; message: string; param?: string; reason?: string };

export type ApiResult<T> = { ok: true; data: T } | { ok: false; error: ApiError };

type RequestOptions = { key?: string; body?: unknown; idempotencyKey?: string; query?: Record<string, string | undefined> };

async function request<T>(method: "GET" | "POST", path: string, options: RequestOptions = {}): Promise<ApiResult<T>> {
  const url = new URL(path, window.location.origin);
  for (const [name, value] of Object.entries(options.query ?? {})) if (value !== undefined) url.searchParams.set(name, value);
  const headers: Record<string, string> = { Accept: "application/json" };
  if (options.key) headers.Authorization = `Bearer ${options.key}`;
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  if (options.idempotencyKey) headers["Idempotency-Key"] = options.idempotencyKey;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      // oxlint-disable-next-line unicorn/no-invalid-fetch-options -- a GET never has a body here: options.body is undefined for it
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      cache: "no-store",
      credentials: "omit",
    });
  } catch {
    return { ok: false, error: { kind: "network" } };
  }
  const payload = (await response.json().catch(() => null)) as { error?: { type?: string; message?: string; param?: string; reason?: string } } | null;
  if (response.ok && payload) return { ok: true, data: payload as T };
  const envelope = payload?.error;
  return {
    ok: false,
    error: {
      kind: "http",
      status: response.status,
      type: envelope?.type ?? "internal_error",
      message: envelope?.message ?? "",
      param: envelope?.param,
      reason: envelope?.reason,
    },
  };
}

export function getAvailability(
  key: string,
  query: { service_id: string; from: string; to: string; exclude_booking_id?: string; include_full?: "true"; repeat_every?: string; repeat_count?: string },
) {
  return request<{ data: StaffSlots[] }>("GET", "/v1/availability", { key, query });
}

export function createBooking(key: string, body: CreateBookingRequest, idempotencyKey: string) {
  return request<CreatedBooking>("POST", "/v1/bookings", { key, body, idempotencyKey });
}

/** A full class session's line (docs/series-and-waitlists.md#waitlist): the answer says the place in it. */
export function joinWaitlist(key: string, body: JoinWaitlistRequest) {
  return request<WaitlistEntry>("POST", "/v1/waitlist", { key, body });
}

/** `language`: the page's language now, so a page switched after the hold confirms (and writes later messages) in it. */
export function verifyBooking(key: string, bookingId: string, code: string, language?: string) {
  return request<{ status: "confirmed" }>("POST", `/v1/bookings/${encodeURIComponent(bookingId)}/verify`, {
    key,
    body: { code, ...(language ? { language } : {}) },
  });
}

/** docs/decisions.md#verification-codes: a new code for a pending booking whose hold is live; the hold keeps its expiry. */
export function resendCode(key: string, bookingId: string) {
  return request<{ status: "pending"; hold_expires_at: string }>("POST", `/v1/bookings/${encodeURIComponent(bookingId)}/resend-code`, { key });
}

const tokenPath = (token: string) => `/v1/public/bookings/${encodeURIComponent(token)}`;

export function readBooking(token: string) {
  return request<PublicBookingRead>("GET", tokenPath(token));
}

export function cancelBooking(token: string) {
  return request<PublicBookingRead>("POST", `${tokenPath(token)}/cancel`, { body: {} });
}

/** Every date of the booking's series not yet started, each under its own notice rule (docs/series-and-waitlists.md). */
export function cancelSeries(token: string) {
  return request<PublicBookingRead>("POST", `${tokenPath(token)}/cancel-series`, { body: {} });
}

export function rescheduleBooking(token: string, body: { starts_at: string; staff_id?: string }) {
  return request<PublicBookingRead>("POST", `${tokenPath(token)}/reschedule`, { body });
}

export function extendHold(token: string) {
  return request<PublicBookingRead>("POST", `${tokenPath(token)}/extend-hold`, { body: {} });
}
