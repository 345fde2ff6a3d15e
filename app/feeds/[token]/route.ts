import { renderCalendarFeed } from "@/lib/calendar-feeds/render-calendar-feed";
import { loadBaseContext } from "@/lib/context";

const PRIVATE = { "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer" };

// GET /feeds/{token}.ics – a calendar's secret iCalendar feed (docs/decisions.md#calendar-feeds); 404 for an unknown or replaced token
export async function GET(_request: Request, context: RouteContext<"/feeds/[token]">): Promise<Response> {
  const { token } = await context.params;
  const ctx = await loadBaseContext("req");
  const feed = await renderCalendarFeed(ctx.db, { file: token, now: ctx.clock.now() });
  if (feed === null) return new Response("Not found.\n", { status: 404, headers: { ...PRIVATE, "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(feed, { status: 200, headers: { ...PRIVATE, "Content-Type": "text/calendar; charset=utf-8" } });
}
