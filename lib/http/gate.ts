import { DomainError } from "@/lib/errors";
import { ALL_OPERATIONS } from "@/lib/openapi/operations";
import { toErrorBody } from "./envelope";
import { pageHeadersFor } from "./page-headers";
import { HTTP_STATUS_BY_ERROR_TYPE } from "@/lib/openapi/status";

/**
 * What Next.js cannot answer itself, answered before a request reaches it (docs/decisions.md#every-request-answered-by-our-code).
 * Next answers these from below our kernel: a path that does not percent-decode → a
 * plain-text 500; TRACE, CONNECT and TRACK → a 500 (undici's Request refuses to carry them);
 * any other method it does not route (PROPFIND, QUERY, …) → an empty 400; `//` or `\` in a
 * path → a 308 to the cleaned path, unconditionally and before any proxy runs; a `..`
 * segment → resolved away, so that another route answers. Everything
 * else goes on to Next, where the route wrapper answers (a trailing slash is not redirected:
 * next.config's skipTrailingSlashRedirect).
 */
export type GateAnswer = { status: number; headers: Record<string, string>; body: string };

/** The methods Next.js routes; any other never reaches it. */
export const ROUTED_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** Outside /v1 only pages and a few fixed routes live; what Next answers TRACE / with. */
const PAGE_ALLOW = "GET, HEAD";

type PathTemplate = { segments: string[]; methods: string[] };

/** Every /v1 path the API serves and its methods, from the operations (plus the document). */
const TEMPLATES: PathTemplate[] = (() => {
  const byPath = new Map<string, string[]>([["/v1/openapi.json", ["GET"]]]);
  for (const operation of ALL_OPERATIONS) byPath.set(operation.path, [...(byPath.get(operation.path) ?? []), operation.method]);
  const order = [...ROUTED_METHODS];
  return [...byPath].map(([path, methods]) => ({ segments: path.split("/").slice(1), methods: methods.sort((a, b) => order.indexOf(a) - order.indexOf(b)) }));
})();

export function screenRequest(method: string, target: string): GateAnswer | null {
  const rawPath = target.split("?", 1)[0]!;
  const isApi = isApiPath(rawPath);
  const isRouted = ROUTED_METHODS.has(method);
  if (isApi) return screenApiRequest(method, rawPath, isRouted);
  if (!rawPath.startsWith("/")) return isRouted ? null : pageAnswer(405, "Method Not Allowed", "/", { Allow: PAGE_ALLOW });
  if (!decodes(rawPath)) return pageAnswer(404, "Not Found", rawPath);
  if (!isRouted) return pageAnswer(405, "Method Not Allowed", rawPath, { Allow: PAGE_ALLOW });
  return null;
}

/**
 * A /v1 path, however its slashes are written: Next cleans `//v1/x` or `/\\v1/x` to `/v1/x` with a
 * 308, so such a path is the API's too, and is answered by the API (404, never a redirect).
 */
function isApiPath(rawPath: string): boolean {
  const collapsed = rawPath.replace(/[/\\]+/g, "/");
  return collapsed === "/v1" || collapsed.startsWith("/v1/");
}

/**
 * A request line whose target is not even a URL (raw control or non-ASCII bytes): Node's
 * parser refuses it before any request exists. Under /v1 it is a path that does not decode.
 */
export function screenMalformedTarget(target: string): GateAnswer {
  return isApiPath(target.split("?", 1)[0]!) ? unknownApiPath() : pageAnswer(400, "Bad Request", "/");
}

function screenApiRequest(method: string, rawPath: string, isRouted: boolean): GateAnswer | null {
  if (!decodes(rawPath) || /\/\/|\\/.test(rawPath) || hasDotSegment(rawPath)) return unknownApiPath();
  if (isRouted) return null;
  const allow = servedMethods(rawPath);
  if (!allow) return unknownApiPath();
  const error = new DomainError("method_not_allowed", `This path serves ${allow.join(", ")}.`);
  return apiAnswer(error, { Allow: allow.join(", ") });
}

/** The methods of the most specific template a path matches (literal segments win, as in Next). */
export function servedMethods(rawPath: string): string[] | undefined {
  const segments = rawPath
    .replace(/(.)\/$/, "$1")
    .split("/")
    .slice(1)
    .map((segment) => decodeURIComponent(segment));
  let best: { template: PathTemplate; literals: number } | undefined;
  for (const template of TEMPLATES) {
    if (template.segments.length !== segments.length) continue;
    let literals = 0;
    const matches = template.segments.every((part, index) => {
      if (part.startsWith("{")) return segments[index] !== "";
      literals++;
      return part === segments[index];
    });
    if (matches && (!best || literals > best.literals)) best = { template, literals };
  }
  return best?.template.methods;
}

/**
 * `.` and `..` (or `%2e`, as the URL standard reads it) would be resolved away by URL
 * parsing, turning `/v1/staff/{id}/time-off/..` into `DELETE /v1/staff/{id}`: under /v1 a
 * dot segment names nothing.
 */
function hasDotSegment(rawPath: string): boolean {
  return rawPath.split("/").some((segment) => /^(\.|%2e){1,2}$/i.test(segment));
}

function decodes(rawPath: string): boolean {
  try {
    decodeURIComponent(rawPath);
    return true;
  } catch {
    return false;
  }
}

function unknownApiPath(): GateAnswer {
  return apiAnswer(new DomainError("not_found", "Unrecognized request URL. See /v1/openapi.json for the routes."));
}

function apiAnswer(error: DomainError, headers: Record<string, string> = {}): GateAnswer {
  return {
    status: HTTP_STATUS_BY_ERROR_TYPE[error.type],
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store", ...pageHeadersFor("/v1"), ...headers },
    body: JSON.stringify(toErrorBody(error, "none")),
  };
}

function pageAnswer(status: number, text: string, rawPath: string, headers: Record<string, string> = {}): GateAnswer {
  return { status, headers: { "Content-Type": "text/plain; charset=utf-8", ...pageHeadersFor(rawPath), ...headers }, body: text };
}
