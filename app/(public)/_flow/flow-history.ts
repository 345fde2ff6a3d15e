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

/** Takes the current entry out of the router's hands (it keeps its address). */
export function adoptCurrentEntry(): void {
  History.prototype.replaceState.call(window.history, null, "", window.location.href);
}
