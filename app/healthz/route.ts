import { isDraining } from "@/lib/health/health";

export const dynamic = "force-dynamic";

// GET /healthz – the process is up and answering (docs/deploy.md); never touches the database
export async function GET(): Promise<Response> {
  return Response.json({ status: "ok", shutting_down: isDraining() }, { headers: { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" } });
}
