/** A JSON answer: the body as JSON text, `Content-Type: application/json`. */
export function jsonResponse(body: unknown, init: { status?: number; headers?: HeadersInit } = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json");
  return new Response(JSON.stringify(body), { status: init.status, headers });
}

/**
 * Whether an If-None-Match header names `etag` (RFC 9110 §13.1.2: `*`, or a list compared
 * weakly, so a `W/` prefix a proxy added still matches).
 */
export function matchesIfNoneMatch(ifNoneMatch: string | null, etag: string): boolean {
  if (ifNoneMatch === null) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const opaque = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === opaque);
}
