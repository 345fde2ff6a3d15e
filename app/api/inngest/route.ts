import { serve } from "inngest/next";
import { inngest, isInngestEnabled } from "@/lib/jobs/inngest-client";
import { INNGEST_FUNCTIONS } from "@/lib/jobs/inngest-functions";

const handlers = serve({ client: inngest, functions: INNGEST_FUNCTIONS });

type Handler = (request: Request, context: unknown) => Promise<Response>;

/** Without Inngest configured (docs/decisions.md#settings) the in-process runner does the work and this path does not exist. */
function whenEnabled(handler: unknown): Handler {
  return async (request, context) => {
    if (!isInngestEnabled()) return Response.json({ error: { type: "not_found", message: "No such route." } }, { status: 404 });
    return (handler as Handler)(request, context);
  };
}

// GET /api/inngest – function metadata; POST – Inngest invokes a function step; PUT – sync
export const GET = whenEnabled(handlers.GET);
export const POST = whenEnabled(handlers.POST);
export const PUT = whenEnabled(handlers.PUT);
