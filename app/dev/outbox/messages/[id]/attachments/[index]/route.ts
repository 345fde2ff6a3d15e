import { devMethodNotAllowed, devRoute } from "@/lib/http/dev-route";
import { getOutboxMessageOrThrow } from "@/lib/notifications/get-outbox-message";
import { notFound } from "@/lib/errors";

type Context = { params: Promise<{ id: string; index: string }> };

// GET /dev/outbox/messages/{id}/attachments/{index} – an email's attachment (the .ics) as a download (dev tools only);
// the same strict CSP as the HTML part, from the page-header table
export async function GET(request: Request, context: Context): Promise<Response> {
  const { id, index } = await context.params;
  return devRoute(async ({ db }) => {
    const message = await getOutboxMessageOrThrow(db, id);
    const attachment = /^\d{1,3}$/.test(index) ? message.attachments[Number(index)] : undefined;
    if (!attachment) throw notFound("attachment");
    // A download, never a page: the file name is ours (a template's), quoted without its quotes.
    const filename = attachment.filename.replace(/["\\\r\n]/g, "");
    return new Response(attachment.content, {
      headers: {
        "Content-Type": attachment.contentType,
        "Content-Disposition": `attachment; filename="${filename}"`,
      },
    });
  })(request);
}

export const POST = devMethodNotAllowed(["GET"]);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
