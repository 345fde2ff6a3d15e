import { DomainError } from "@/lib/errors";
import { isDraining } from "@/lib/health/lifecycle";
import { HTTP_STATUS_BY_ERROR_TYPE } from "@/lib/openapi/status";
import { toErrorBody } from "./envelope";

/**
 * /healthz and /readyz (docs/deploy.md, "Health"): answered by the server before admission
 * (lib/http/admission.ts), so that a probe never waits behind other requests whatever the load,
 * and by the routes in app/ when Next.js serves alone. Every answer is JSON; a method other
 * than GET or HEAD is a 405 in the API's envelope.
 */
export type ProbeAnswer = { status: number; headers: Record<string, string>; body: string };

const PROBE_PATHS = new Set(["/healthz", "/readyz"]);
const HEADERS = { "Content-Type": "application/json", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" };

export function isProbePath(target: string): boolean {
  return PROBE_PATHS.has(target.split("?", 1)[0] ?? "");
}

/**
 * What the server answers itself: /healthz (the process is up; no database, nothing to wait
 * for) and any method but GET or HEAD on either path. Undefined for GET /readyz: the readiness
 * route runs in Next's bundle, where the database handle lives, still before admission.
 */
export function answerProbe(method: string, target: string): ProbeAnswer | undefined {
  if (method !== "GET" && method !== "HEAD") return probeMethodNotAllowed();
  if (target.split("?", 1)[0] === "/healthz") return healthz();
  return undefined;
}

export function healthz(): ProbeAnswer {
  return json(200, { status: "ok", shutting_down: isDraining() });
}

export function readyzAnswer(readiness: { ready: boolean; checks: unknown }): ProbeAnswer {
  return json(readiness.ready ? 200 : 503, { status: readiness.ready ? "ready" : "not_ready", checks: readiness.checks });
}

export function probeMethodNotAllowed(): ProbeAnswer {
  const error = new DomainError("method_not_allowed", "This path serves GET, HEAD.");
  return { status: HTTP_STATUS_BY_ERROR_TYPE[error.type], headers: { ...HEADERS, Allow: "GET, HEAD" }, body: JSON.stringify(toErrorBody(error, "none")) };
}

/** A probe's answer as a route's Response (app/healthz, app/readyz). */
export function probeResponse(answer: ProbeAnswer): Response {
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}

function json(status: number, body: unknown): ProbeAnswer {
  return { status, headers: HEADERS, body: JSON.stringify(body) };
}
