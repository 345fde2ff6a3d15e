import { devMethodNotAllowed, devRoute } from "@/lib/http/dev-route";
import { getOutboxMessageOrThrow } from "@/lib/notifications/get-outbox-message";
import { notFound } from "@/lib/errors";

type Context = { params: Promise<{ id: string }> };

// GET /dev/outbox/messages/{id}/html – an email's HTML part as sent (dev tools only); 404 when it has none. Its strict
// CSP (sandbox: it holds what customers typed) comes from the page-header table (docs/decisions.md#dev-tools).
export async function GET(request: Request, context: Context): Promise<Response> {
  const { id } = await context.params;
  return devRoute(async ({ db }) => {
    const message = await getOutboxMessageOrThrow(db, id);
    if (!message.html) throw notFound("HTML part");
    return new Response(message.html, {
      headers: { "Content-Type": "text/html; charset=utf-8" },
    });
  })(request);
}

export const POST = devMethodNotAllowed(["GET"]);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
