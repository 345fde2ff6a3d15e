/**
 * The postMessage protocol between /embed.js (on the business's site) and the /embed/{slug}
 * frame. Versioned envelope; every message is sent to one exact origin, never "*", and each
 * side accepts a message only from the expected origin AND the expected window.
 * lib/embed/loader.js (served as /embed.js) implements the host side by hand (it must stay dependency-free).
 */
export const FRAME_SOURCE = "bk-embed";
export const HOST_SOURCE = "bk-embed-host";
export const PROTOCOL_VERSION = 1;

export type FrameMessage =
  | { type: "ready" }
  | { type: "resize"; data: { height: number } }
  | { type: "slot_selected"; data: { starts_at: string } }
  | { type: "booking_submitted"; data: BookingSummary }
  | { type: "booking_confirmed"; data: BookingSummary }
  | { type: "close" }
  | { type: "error"; data: { reason: EmbedErrorReason } };

/**
 * Why the widget shows a plain link to the booking page instead of the flow (host event
 * `booking:error`): the site is not on the publishable key's allowed_origins, or the frame did
 * not load (network, server, unknown slug). embed.js adds "unavailable" itself on a time-out.
 */
export type EmbedErrorReason = "origin_not_allowed" | "unavailable";

/** All the host page ever learns about a booking: no token, manage link, code or customer data. */
export type BookingSummary = { id: string; status: string; starts_at: string };

export type HostMessage = { type: "focus" };

/** An origin as the browser serialises it (scheme://host[:port]), http or https only. */
export function normalizeOrigin(value: string | null | undefined): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return url.origin === value ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * The parent origin the frame may talk to. The `origin` parameter (set by embed.js) must be
 * a well-formed origin on the frame-ancestors list; where the browser exposes
 * location.ancestorOrigins it must also be the real parent. Anything else: no messages.
 */
export function resolveParentOrigin(input: {
  originParam: string | null;
  ancestorOrigins: readonly string[] | null;
  allowedOrigins: readonly string[];
}): string | null {
  const origin = normalizeOrigin(input.originParam);
  if (!origin || !input.allowedOrigins.includes(origin)) return null;
  if (input.ancestorOrigins && input.ancestorOrigins.length > 0 && input.ancestorOrigins[0] !== origin) return null;
  return origin;
}

export function frameEnvelope(message: FrameMessage) {
  return { source: FRAME_SOURCE, v: PROTOCOL_VERSION, ...message };
}

export function isHostMessage(data: unknown): data is HostMessage & { source: string; v: number } {
  if (typeof data !== "object" || data === null) return false;
  const candidate = data as Record<string, unknown>;
  return candidate.source === HOST_SOURCE && candidate.v === PROTOCOL_VERSION && typeof candidate.type === "string";
}
