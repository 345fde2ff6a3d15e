import type { ServerResponse } from "node:http";

/**
 * Next.js drops a route handler's Content-Length and Content-Encoding (its FORBIDDEN_HEADERS in
 * send-response.js: a body fetched from elsewhere may have been decoded). Without a length,
 * its compression cannot apply its 1 KB threshold, so every answer, a 90-byte 404 included,
 * went through a gzip stream; and bytes a route compressed itself (lib/http/kept-encoding.ts)
 * would be gzipped again. So a route names both twice: in the standard header, which is what a
 * Response means everywhere (the in-process tests read it), and in one of these, which the
 * server (lib/http/server.ts) turns back into the standard header the moment Next.js sets it,
 * before Next.js's compression decides anything at the first write.
 */
export const ROUTE_CONTENT_LENGTH = "x-route-content-length";
export const ROUTE_CONTENT_ENCODING = "x-route-content-encoding";
const STANDARD: Record<string, string> = { [ROUTE_CONTENT_LENGTH]: "Content-Length", [ROUTE_CONTENT_ENCODING]: "Content-Encoding" };

/**
 * Whether this process serves through a server that turns the private headers back (ours, or
 * the in-process test dispatcher). Under a bare `next start` nothing would: the private
 * headers would reach clients and self-compressed bytes would be gzipped twice, so routes then
 * send neither and leave compression to Next.js. A global, not a module variable: the server
 * and the routes are bundled apart and each has its own copy of this module.
 */
const INSTALLED = Symbol.for("booking.routeFraming");

export function routeFramingInstalled(): boolean {
  return (globalThis as { [INSTALLED]?: boolean })[INSTALLED] === true;
}

/** Declares that every answer of this process goes through keepRouteFraming (or a stand-in that reads both names). */
export function declareRouteFraming(): void {
  (globalThis as { [INSTALLED]?: boolean })[INSTALLED] = true;
}

/** A JSON answer whose length reaches the client (see above): small answers then go uncompressed. */
export function jsonResponse(body: unknown, init: { status?: number; headers?: HeadersInit } = {}): Response {
  const text = JSON.stringify(body);
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json");
  if (routeFramingInstalled()) headers.set(ROUTE_CONTENT_LENGTH, String(Buffer.byteLength(text)));
  return new Response(text, { status: init.status, headers });
}

/** Makes `response` carry a route's own framing headers under their standard names. */
export function keepRouteFraming(response: ServerResponse): void {
  const setHeader = response.setHeader;
  response.setHeader = function (name, value) {
    return setHeader.call(this, STANDARD[name.toLowerCase()] ?? name, value);
  };
}
