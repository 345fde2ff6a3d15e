import { renderCalendarFeed } from "@/lib/calendar-feeds/render-calendar-feed";
import { getDb } from "@/lib/db/client";
import { loadClock } from "@/lib/time/clock";

const PRIVATE = { "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer" };

// GET /feeds/{token}.ics – a calendar's secret iCalendar feed (DECISIONS §14); 404 for an unknown or replaced token
export async function GET(_request: Request, context: RouteContext<"/feeds/[token]">): Promise<Response> {
  const { token } = await context.params;
  const db = await getDb();
  const feed = await renderCalendarFeed(db, { file: token, now: (await loadClock(db)).now() });
  if (feed === null) return new Response("Not found.\n", { status: 404, headers: { ...PRIVATE, "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(feed, { status: 200, headers: { ...PRIVATE, "Content-Type": "text/calendar; charset=utf-8" } });
}
