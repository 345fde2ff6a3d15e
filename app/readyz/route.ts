import { readiness } from "@/lib/health/health";
import { probeMethodNotAllowed, probeResponse, readyzAnswer } from "@/lib/http/probes";

export const dynamic = "force-dynamic";

// GET /readyz – send this instance traffic? database reachable, migrations applied, not shutting down (docs/deploy.md); 503 otherwise, within 2 s
export async function GET(): Promise<Response> {
  return probeResponse(readyzAnswer(await readiness()));
}

const notAllowed = async (): Promise<Response> => probeResponse(probeMethodNotAllowed());
export { notAllowed as POST, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE, notAllowed as OPTIONS };
