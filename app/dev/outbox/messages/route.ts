import { devMethodNotAllowed, devRoute } from "@/lib/http/dev-route";
import { parseWith } from "@/lib/http/route";
import { listOutboxMessages, OutboxMessagesQuery, toOutboxMessageView } from "@/lib/notifications/list-outbox-messages";

// GET /dev/outbox/messages – every email and SMS the app sent, newest first; ?to= filters (dev tools only)
export const GET = devRoute(async ({ db, request }) => {
  const query = parseWith(OutboxMessagesQuery, Object.fromEntries(new URL(request.url).searchParams));
  const rows = await listOutboxMessages(db, query);
  return Response.json({ data: rows.map(toOutboxMessageView) });
});

export const POST = devMethodNotAllowed(["GET"]);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
