import { loadBaseContext } from "@/lib/context";
import { actOnLink, bookedManageUrl, renderLinkPage, type LinkAction } from "@/lib/waitlist/link-page";

const PRIVATE = { "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer", "X-Frame-Options": "DENY" };

const actionOf = (value: unknown): LinkAction => (value === "leave" ? "leave" : "book");

async function answer(token: string, action: LinkAction): Promise<Response> {
  const ctx = await loadBaseContext("page");
  // A booked seat is a booking like any other: its link (clicked now, or again later) shows it on its manage page.
  const booked = action === "book" ? await bookedManageUrl(ctx, token) : null;
  if (booked) return new Response(null, { status: 303, headers: { ...PRIVATE, Location: booked } });
  const html = await renderLinkPage(ctx, { token, action });
  if (html === null) return new Response("Not found.\n", { status: 404, headers: { ...PRIVATE, "Content-Type": "text/plain; charset=utf-8" } });
  return new Response(html, { status: 200, headers: { ...PRIVATE, "Content-Type": "text/html; charset=utf-8" } });
}

// GET /waitlist/{token}?action=book|leave – the page of a waitlist email's link: its one button; opening it changes nothing
export async function GET(request: Request, context: RouteContext<"/waitlist/[token]">): Promise<Response> {
  const { token } = await context.params;
  return answer(token, actionOf(new URL(request.url).searchParams.get("action")));
}

// POST /waitlist/{token} – the button: book the offered seat, or leave the line (docs/series-and-waitlists.md)
export async function POST(request: Request, context: RouteContext<"/waitlist/[token]">): Promise<Response> {
  const { token } = await context.params;
  const action = actionOf((await request.formData().catch(() => null))?.get("action"));
  await actOnLink(await loadBaseContext("req"), { token, action });
  return answer(token, action);
}
