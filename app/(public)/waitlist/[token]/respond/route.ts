import { loadBaseContext } from "@/lib/context";
import { actOnLink, bookedManageUrl, linkPagePath, type LinkAction } from "@/lib/waitlist/link-page";

const PRIVATE = { "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer" };

const actionOf = (value: unknown): LinkAction => (value === "leave" ? "leave" : "book");

// POST /waitlist/{token}/respond – the link page's one button: book the offered seat, or leave the line (docs/series-and-waitlists.md).
// 303 to the booking's manage page once booked, else back to the link's page, which says what happened.
export async function POST(request: Request, context: RouteContext<"/waitlist/[token]/respond">): Promise<Response> {
  const { token } = await context.params;
  const action = actionOf((await request.formData().catch(() => null))?.get("action"));
  const ctx = await loadBaseContext("req");
  await actOnLink(ctx, { token, action });
  const booked = action === "book" ? await bookedManageUrl(ctx, token) : null;
  return new Response(null, { status: 303, headers: { ...PRIVATE, Location: booked ?? linkPagePath(token, action) } });
}
