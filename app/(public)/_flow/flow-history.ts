/**
 * The booking flow's steps are history entries of its own, kept outside Next.js's router.
 *
 * Next.js patches `history.pushState` to copy its router tree into every entry and, on Back or
 * Forward, restores the tree an entry carries. An entry written by an earlier document (before
 * a reload) carries that document's tree: Next then fetches the page again and, when the fetch
 * lands after the customer has already moved on, commits the old page and writes its address
 * over the current entry. So the flow writes its entries with the browser's own methods and no
 * state (Next leaves a popstate with no state alone), and takes over the entry the page was
 * opened on: from then on only the flow's popstate handler answers Back and Forward on this
 * page. Links into the booking page are therefore plain links (a document load), never a
 * client-side navigation, and a change of language reloads the page rather than refreshing
 * the router (which would write the router's address, the page's first, over the current one).
 */
export function writeStep(url: string, mode: "push" | "replace"): void {
  const write = mode === "push" ? History.prototype.pushState : History.prototype.replaceState;
  write.call(window.history, null, "", url);
}

/**
 * The address the browser is at, as seen before the flow mounts: when this module loads and at
 * every popstate until then. Back or Forward pressed before hydration (right after a reload, on a
 * slow phone) moves the browser to another of the flow's entries with nobody listening, and when
 * Next's router hydrates it writes the address it started at over that entry (the entry carries
 * no state of Next's, so Next does not know it was traversed to): Forward to a confirmation then
 * showed the time step the page was reloaded on. A popstate fires on traversal; Next's write does
 * not, so the last address seen here is the entry's own.
 */
let addressBeforeMount: string | null = null;
if (typeof window !== "undefined") {
  addressBeforeMount = window.location.href;
  window.addEventListener("popstate", () => {
    if (addressBeforeMount !== null) addressBeforeMount = window.location.href;
  });
}

/** Takes the current entry out of the router's hands, at the address the browser really traversed to. */
export function adoptCurrentEntry(): void {
  const seen = addressBeforeMount;
  addressBeforeMount = null;
  // Only an address of this page: the module may have loaded on another page before a client-side visit.
  const url = seen && new URL(seen).pathname === window.location.pathname ? seen : window.location.href;
  History.prototype.replaceState.call(window.history, null, "", url);
}
