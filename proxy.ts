import { NextResponse, type NextRequest } from "next/server";
import { getConfig } from "@/lib/config";
import { getDb } from "@/lib/db/client";
import { frameAncestorsHeader, listFrameAncestors } from "@/lib/embed/frame-ancestors";
import { decideFrame } from "@/lib/embed/frame-decision";
import { PAGE_LANG_HINT_HEADER, PAGE_PATH_HEADER } from "@/lib/i18n/page-scope";

/**
 * Two things a page cannot do for itself, for the customer pages (/book, /manage, /embed, /waitlist)
 * and the console (its language; docs/console.md#languages):
 *
 * - Language (docs/decisions.md#languages): the root layout writes `<html lang dir>` before any page knows
 *   its workspace, so the page's path (and the widget's `lang`, the host page's language) go
 *   along as request headers for lib/i18n/page-locale.ts. Set here, never taken from the client.
 * - The embed frame may only be framed by the business's own sites: `frame-ancestors` from
 *   its publishable key's allowed_origins plus our own origin (docs/decisions.md#publishable-keys-and-origins).
 *   A site not on the list is answered with a page that only says so, framed by that site alone
 *   (lib/embed/frame-decision.ts; the page makes the same decision). The list lives in the
 *   database. Any failure leaves the strictest policy ('self' only).
 */
export async function proxy(request: NextRequest) {
  const { pathname, searchParams } = request.nextUrl;
  if (pathname === "/console" || pathname.startsWith("/console/")) return consoleGate(request);
  const forwarded = new Headers(request.headers);
  forwarded.set(PAGE_PATH_HEADER, pathname);
  forwarded.delete(PAGE_LANG_HINT_HEADER);
  const [, section, key] = pathname.split("/");
  const hostLang = section === "embed" ? searchParams.get("lang") : null;
  if (hostLang) forwarded.set(PAGE_LANG_HINT_HEADER, hostLang.slice(0, 35));
  const response = NextResponse.next({ request: { headers: forwarded } });
  if (section === "embed") response.headers.set("Content-Security-Policy", await framePolicy(request, decodeURIComponent(key ?? "")));
  return response;
}

/**
 * docs/console.md#sessions: every console write (a form post or a server action) must come from
 * the app's own pages. A cross-site post (or one with no Origin) is refused with 403 before any
 * page or action runs.
 */
function consoleGate(request: NextRequest): NextResponse {
  const isWrite = !["GET", "HEAD", "OPTIONS"].includes(request.method);
  const origin = request.headers.get("origin");
  if (isWrite && (origin === null || !getConfig().ownOrigins.includes(origin))) {
    return new NextResponse("Forbidden: this form was not sent from the console.", { status: 403, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  // The console's language is decided from its path too (docs/console.md#languages).
  const forwarded = new Headers(request.headers);
  forwarded.set(PAGE_PATH_HEADER, request.nextUrl.pathname);
  forwarded.delete(PAGE_LANG_HINT_HEADER);
  return NextResponse.next({ request: { headers: forwarded } });
}

async function framePolicy(request: NextRequest, slug: string): Promise<string> {
  const { appOrigin } = getConfig();
  try {
    if (slug) {
      const ancestors = await listFrameAncestors(await getDb(), { slug, appOrigin });
      return decideFrame({
        ancestors,
        originParam: request.nextUrl.searchParams.get("origin"),
        referer: request.headers.get("referer"),
        fetchDest: request.headers.get("sec-fetch-dest"),
      }).csp;
    }
  } catch (error) {
    console.error("embed frame-ancestors lookup failed", error);
  }
  return frameAncestorsHeader([appOrigin]);
}

// The customer pages (pageScopeOf in lib/i18n/page-scope.ts knows the same four), and the console's Origin gate.
export const config = { matcher: ["/book/:slug*", "/manage/:token*", "/embed/:slug*", "/waitlist/:token*", "/console", "/console/:path*"] };
