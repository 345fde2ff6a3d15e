import { getConfig } from "@/lib/config";
import { DomainError } from "@/lib/errors";
import { errorResponse } from "@/lib/http/envelope";
import { checkScrape, exposition } from "@/lib/observability/metrics";

export const dynamic = "force-dynamic";

const NO_STORE = { "Cache-Control": "no-store" };

/** Without METRICS_TOKEN the endpoint does not exist; with it, only its bearer token reads it. */
function refusal(request: Request): Response | undefined {
  const refused = checkScrape(getConfig().metricsToken, request.headers.get("authorization"));
  if (refused === "disabled") return errorResponse(new DomainError("not_found", "No such route."), "none", NO_STORE);
  if (refused === "unauthorized")
    return errorResponse(new DomainError("unauthorized", "Send the metrics token as a bearer token."), "none", { ...NO_STORE, "WWW-Authenticate": "Bearer" });
  return undefined;
}

// GET /metrics – this instance's Prometheus metrics, behind METRICS_TOKEN (docs/operations.md, "Metrics")
export async function GET(request: Request): Promise<Response> {
  const refused = refusal(request);
  if (refused) return refused;
  const { body, contentType } = await exposition();
  return new Response(body, { headers: { ...NO_STORE, "Content-Type": contentType, "X-Content-Type-Options": "nosniff" } });
}

/** Any other method: 405 in the envelope, once the endpoint exists and the caller may read it. */
async function notAllowed(request: Request): Promise<Response> {
  return refusal(request) ?? errorResponse(new DomainError("method_not_allowed", "This path serves GET."), "none", { ...NO_STORE, Allow: "GET, HEAD" });
}
export const POST = notAllowed;
export const PUT = notAllowed;
export const PATCH = notAllowed;
export const DELETE = notAllowed;
