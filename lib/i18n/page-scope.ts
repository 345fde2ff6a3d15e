/**
 * Which customer page (or the console) a request is for, so its language can be decided before the first byte
 * (the root layout writes `<html lang dir>` and knows no route params). proxy.ts copies the
 * path, and the widget's `lang` query parameter (the host page's language), into request
 * headers; the page locale resolver (lib/i18n/page-locale.ts) reads them back.
 */
export const PAGE_PATH_HEADER = "x-page-path";
export const PAGE_LANG_HINT_HEADER = "x-page-lang";

export type PageScope = { kind: "workspace"; slug: string } | { kind: "booking"; token: string } | { kind: "waitlist"; token: string } | { kind: "console" };

export function pageScopeOf(pathname: string | null | undefined): PageScope | null {
  const [, section, key] = (pathname ?? "").split("/");
  // The console's pages follow the member's choice, else the browser (docs/console.md#languages).
  if (section === "console") return { kind: "console" };
  if (!key) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(key);
  } catch {
    return null;
  }
  if (section === "book" || section === "embed") return { kind: "workspace", slug: decoded };
  if (section === "manage") return { kind: "booking", token: decoded };
  if (section === "waitlist") return { kind: "waitlist", token: decoded };
  return null;
}
