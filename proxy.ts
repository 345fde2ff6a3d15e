import { NextResponse, type NextRequest } from "next/server";
import { getConfig } from "@/lib/config";
import { getDb } from "@/lib/db/client";
import { frameAncestorsHeader, listFrameAncestors } from "@/lib/embed/frame-ancestors";

/**
 * The embed frame may only be framed by the business's own sites: `frame-ancestors` from
 * its publishable key's allowed_origins plus our own origin (research/integrations.md §3).
 * A page cannot set its own response headers and the list lives in the database, hence a
 * proxy. Any failure leaves the strictest policy ('self' only).
 */
export async function proxy(request: NextRequest) {
  const slug = decodeURIComponent(request.nextUrl.pathname.split("/")[2] ?? "");
  const { appOrigin } = getConfig();
  let policy = frameAncestorsHeader([appOrigin]);
  try {
    if (slug) policy = frameAncestorsHeader(await listFrameAncestors(await getDb(), { slug, appOrigin }));
  } catch (error) {
    console.error("embed frame-ancestors lookup failed", error);
  }
  const response = NextResponse.next();
  response.headers.set("Content-Security-Policy", policy);
  return response;
}

export const config = { matcher: "/embed/:slug*" };
