import { normalizeOrigin } from "@/lib/booking-pages/embed-protocol";
import { frameAncestorsHeader } from "./frame-ancestors";

/**
 * Who is framing /embed/{slug}, and whether it may. The parent is the `origin` parameter
 * embed.js sets, else (a frame pasted by hand) the origin of the Referer of an iframe request.
 * - no parent known, or a parent on the list: the booking flow, framed only by the list;
 * - a parent not on the list: a page that only says so and links to the booking page, framed
 *   only by that parent, so the site shows a message of ours instead of the browser's error
 *   box, and embed.js can swap in its plain link. The flow itself is never served to it.
 * A parent that lies gets the answer for the origin it claims: the browser still enforces
 * frame-ancestors on the real one.
 */
export type FrameDecision = { kind: "flow"; csp: string } | { kind: "refused"; parentOrigin: string; csp: string };

export type FrameRequest = {
  /** The origins allowed to frame the flow (listFrameAncestors). */
  ancestors: readonly string[];
  originParam: string | null;
  referer: string | null;
  fetchDest: string | null;
};

export function decideFrame(request: FrameRequest): FrameDecision {
  const parent = normalizeOrigin(request.originParam) ?? (request.fetchDest === "iframe" ? refererOrigin(request.referer) : null);
  if (!parent || request.ancestors.includes(parent)) return { kind: "flow", csp: frameAncestorsHeader([...request.ancestors]) };
  return { kind: "refused", parentOrigin: parent, csp: frameAncestorsHeader([parent]) };
}

function refererOrigin(referer: string | null): string | null {
  if (!referer) return null;
  try {
    return normalizeOrigin(new URL(referer).origin);
  } catch {
    return null;
  }
}
