/**
 * The security headers of every page (docs/decisions.md#page-headers), in one table that next.config.ts turns
 * into its `headers()` and the server gate (lib/http/gate.ts) adds to what it answers itself:
 * - `nosniff` everywhere;
 * - `frame-ancestors 'self'` everywhere but `/embed/{slug}`, whose per-key list proxy.ts sets
 *   (from the publishable key's allowed_origins, which live in the database);
 * - `no-referrer` on `/manage/{token}` and `/waitlist/{token}`, so the token in its URL never leaves in a Referer;
 * - a strict policy with `sandbox` on the dev outbox's raw parts (an email's HTML, its attachments):
 *   they hold what customers typed, so they run nothing and load nothing but images, even opened alone.
 */
export const NOSNIFF = { key: "X-Content-Type-Options", value: "nosniff" } as const;
export const FRAME_SELF_ONLY = { key: "Content-Security-Policy", value: "frame-ancestors 'self'" } as const;
export const NO_REFERRER = { key: "Referrer-Policy", value: "no-referrer" } as const;
export const RAW_MESSAGE_PART = {
  key: "Content-Security-Policy",
  value: "default-src 'none'; img-src http: https: data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'self'; sandbox",
} as const;
const RAW_MESSAGE_PART_PATH = /^\/dev\/outbox\/messages\/[^/]+\/(html|attachments)(\/|$)/;

/** path-to-regexp sources, as next.config `headers()` reads them. */
export const PAGE_HEADER_RULES = [
  { source: "/:path*", headers: [NOSNIFF] },
  // Every path whose first segment is not `embed` ("/" included).
  { source: "/:first((?!embed$)[^/]*)/:rest*", headers: [FRAME_SELF_ONLY] },
  { source: "/manage/:rest*", headers: [NO_REFERRER] },
  { source: "/waitlist/:rest*", headers: [NO_REFERRER] },
  // After the frame rule: for the same header the last matching rule wins.
  { source: "/dev/outbox/messages/:id/:part(html|attachments)/:rest*", headers: [RAW_MESSAGE_PART, NO_REFERRER] },
];

/** The headers a path gets, for answers written outside Next (the gate). */
export function pageHeadersFor(pathname: string): Record<string, string> {
  const headers: Record<string, string> = { [NOSNIFF.key]: NOSNIFF.value };
  const first = pathname.split("/")[1] ?? "";
  if (first !== "embed") headers[FRAME_SELF_ONLY.key] = FRAME_SELF_ONLY.value;
  if (first === "manage" || first === "waitlist") headers[NO_REFERRER.key] = NO_REFERRER.value;
  if (RAW_MESSAGE_PART_PATH.test(pathname)) Object.assign(headers, { [RAW_MESSAGE_PART.key]: RAW_MESSAGE_PART.value, [NO_REFERRER.key]: NO_REFERRER.value });
  return headers;
}
