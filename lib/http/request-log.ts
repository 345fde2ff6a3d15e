import type { IncomingMessage, ServerResponse } from "node:http";
import { performance } from "node:perf_hooks";
import { getLogger, type RequestLogRecord } from "@/lib/log/logger";
import { observeRequest } from "@/lib/observability/metrics";

/**
 * One JSON line per request once it is answered (docs/operations.md, "Logs"): method, route
 * pattern (never the path itself, which may carry a manage or feed token; never the query),
 * status, duration, and for an API request the request id of its envelope and its workspace.
 * Health probes and static assets are logged at debug only. The route wrapper fills `record`
 * (lib/http/route.ts, through the request's log scope).
 */
export function logWhenAnswered(request: IncomingMessage, response: ServerResponse, record: RequestLogRecord): void {
  const started = performance.now();
  response.once("close", () => {
    const path = (request.url ?? "/").split("?", 1)[0] ?? "/";
    const route = record.route ?? routePatternOf(path);
    const quiet = route === "/healthz" || route === "/readyz" || route.startsWith("/_next/");
    const durationMs = performance.now() - started;
    // GET /metrics and the traces: a path no page or route answered is one label, whatever the path.
    observeRequest({ method: request.method ?? "", route: record.route ?? metricRouteOf(route, response.statusCode), status: response.statusCode, durationMs });
    const line = {
      method: request.method,
      route,
      status: response.statusCode,
      duration_ms: Math.round(durationMs * 10) / 10,
      ...(record.request_id ? { request_id: record.request_id } : {}),
      ...(record.workspace_id ? { workspace_id: record.workspace_id } : {}),
      ...(response.writableFinished ? {} : { aborted: true }),
    };
    const logger = getLogger();
    if (quiet) logger.debug(line, "request");
    else logger.info(line, "request");
  });
}

/**
 * A route pattern as a metric's label: the set of labels must stay small whatever clients send,
 * so a path refused below any route (404, 405, 400 for a path nothing serves) is `(unmatched)`,
 * not the path's own first segments. A pattern with a placeholder, `/`, the probes and the API's stay.
 */
function metricRouteOf(pattern: string, status: number): string {
  if (status < 400 || ["/", "/healthz", "/readyz", "/metrics"].includes(pattern) || pattern.startsWith("/v1/") || /\{\w+\}$/.test(pattern)) return pattern;
  return "(unmatched)";
}

/** The page or file a path names, with its secret or variable segment as a placeholder. */
export function routePatternOf(path: string): string {
  const [first = "", second] = path.split("/").slice(1);
  if (first === "") return "/";
  if (first === "_next") return `/_next/${second ?? ""}`;
  if (first === "v1") return "/v1/(unrouted)";
  const placeholders: Record<string, string> = {
    book: "/book/{slug}",
    embed: "/embed/{slug}",
    manage: "/manage/{token}",
    feeds: "/feeds/{token}",
    dev: `/dev/${second ?? ""}`,
    api: `/api/${second ?? ""}`,
    docs: "/docs/{page}",
  };
  const placeholder = placeholders[first];
  if (second !== undefined && placeholder) return placeholder;
  return `/${first.slice(0, 40)}`;
}
