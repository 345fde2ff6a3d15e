import { readiness } from "@/lib/health/health";

export const dynamic = "force-dynamic";

// GET /readyz – send this instance traffic? database reachable, migrations applied, not shutting down (docs/deploy.md); 503 otherwise
export async function GET(): Promise<Response> {
  const { ready, checks } = await readiness();
  return Response.json(
    { status: ready ? "ready" : "not_ready", checks },
    { status: ready ? 200 : 503, headers: { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" } },
  );
}
