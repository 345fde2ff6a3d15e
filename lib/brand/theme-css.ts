import { Cache, NAMED_BY_KEY } from "@/lib/cache/cache";
import type { Theme } from "@/lib/db/schema/workspaces";
import { paletteFor, type Palette, type Scheme } from "./palette";

export type Brand = { brandColor: string | null; theme: Theme };

/** The platform's own look (landing page, docs, dev tools): the default blue, light. */
export const PLATFORM_BRAND: Brand = { brandColor: null, theme: "light" };

function declarations(palette: Palette, scheme: Scheme): string {
  const tokens = Object.entries(palette).map(([name, value]) => `--color-${name}:${value};`);
  // `--theme-scheme` lets client code that paints outside our CSS (the Stripe form) follow the scheme.
  return `color-scheme:${scheme};--theme-scheme:${scheme};${tokens.join("")}`;
}

/** CSS by the inputs that make it, in the one cache (lib/cache/cache.ts). */
const built = new Cache<string>({ maxBytes: 1024 * 1024, sizeOf: (css, key) => css.length + key.length });

/**
 * The colour tokens as CSS for `selector`, rendered into the server's HTML so the first paint
 * is already in the right scheme: `auto` carries both schemes and lets the browser pick with
 * prefers-color-scheme, so a dark system never sees a light frame first (see docs/brand.md).
 */
export function themeCss({ brandColor, theme }: Brand, selector = ":root"): string {
  const key = `${selector}|${brandColor ?? ""}|${theme}`;
  const cached = built.get(key, NAMED_BY_KEY.revision, 0);
  if (cached !== undefined) return cached;
  const block = (scheme: Scheme) => `${selector}{${declarations(paletteFor(brandColor, scheme), scheme)}}`;
  const css = theme === "auto" ? `${block("light")}@media (prefers-color-scheme: dark){${block("dark")}}` : block(theme);
  built.set(key, { value: css, ...NAMED_BY_KEY });
  return css;
}
