import { clampChroma, formatHex, oklch, wcagContrast, type Oklch } from "culori";
import { memoized } from "@/lib/cache/cache";

/**
 * The one set of colour tokens every page reads (see docs/brand.md). Two neutral schemes,
 * light and dark, and the business's colour derived into each of them on the server, so the
 * first paint is already right. Whatever colour a business picks, text keeps a WCAG contrast
 * of at least 4.5:1 against every surface it sits on, and borders and focus rings 3:1.
 */
export const DEFAULT_BRAND_COLOR = "#3451c7";
export const TEXT_CONTRAST = 4.5;
export const NON_TEXT_CONTRAST = 3;

export type Scheme = "light" | "dark";

/** Custom property name (without `--color-`) → colour, brand-independent. */
type Neutral = {
  bg: string;
  surface: string;
  "surface-muted": string;
  /** Hairlines around cards and content groups. */
  border: string;
  /** The edges of controls (fields, slots, choices, secondary buttons). */
  "border-strong": string;
  text: string;
  "text-muted": string;
  success: string;
  "success-soft": string;
  warning: string;
  "warning-soft": string;
  danger: string;
  "danger-hover": string;
  "danger-soft": string;
  overlay: string;
  /** The docs' code blocks: dark in both schemes. */
  "code-bg": string;
  "code-text": string;
  "code-muted": string;
  "code-line": string;
  "code-border": string;
  "code-focus": string;
};

const CODE = {
  "code-bg": "#161b26",
  "code-text": "#eef1f6",
  "code-muted": "#c3cad8",
  "code-line": "#2c3444",
  "code-border": "#7a8599",
  "code-focus": "#8fb0ff",
};

const NEUTRAL: Record<Scheme, Neutral> = {
  light: {
    bg: "#f6f7f9",
    surface: "#ffffff",
    "surface-muted": "#f1f3f6",
    border: "#858d9b",
    "border-strong": "#6b7384",
    text: "#1b2030",
    "text-muted": "#535c6c",
    success: "#17663d",
    "success-soft": "#ecfdf3",
    warning: "#8a4b08",
    "warning-soft": "#fff7e6",
    danger: "#b42318",
    "danger-hover": "#912018",
    "danger-soft": "#fef3f2",
    overlay: "rgb(16 24 40 / 55%)",
    ...CODE,
  },
  dark: {
    bg: "#0e1117",
    surface: "#161b22",
    "surface-muted": "#1f2630",
    border: "#6b7585",
    "border-strong": "#8792a3",
    text: "#e8ebf1",
    "text-muted": "#a9b1be",
    success: "#5fd394",
    "success-soft": "#0f2a1c",
    warning: "#f2b75e",
    "warning-soft": "#2f2211",
    danger: "#ff8f85",
    "danger-hover": "#ffb3ab",
    "danger-soft": "#351715",
    overlay: "rgb(0 0 0 / 70%)",
    ...CODE,
  },
};

/** The brand's roles in one scheme. */
type BrandRoles = {
  /** The brand as text, links, selected outlines and lines: ≥ 4.5:1 on every surface below. */
  primary: string;
  /** Hover of `primary`: further from the surfaces, so never less readable. */
  "primary-hover": string;
  /** A tint of the brand for selected and hovered backgrounds. */
  "primary-soft": string;
  /** The brand itself as a button's or selected day's fill. */
  "primary-fill": string;
  "primary-fill-hover": string;
  /** Text on the fill: white when it reads at 4.5:1, else black (never an unreadable pair). */
  "primary-text": string;
  /** The fill's edge: the fill when it stands out 3:1 from the surfaces, else `primary`. */
  "primary-fill-border": string;
  /** Focus rings: ≥ 3:1 on every surface (it is `primary`, which holds 4.5:1). */
  focus: string;
};

export type Palette = Neutral & BrandRoles;

const WHITE = "#ffffff";
const BLACK = "#000000";

/** The backgrounds brand text and rings are drawn on in a scheme (the tint included). */
export function surfacesOf(palette: Pick<Palette, "bg" | "surface" | "surface-muted" | "primary-soft">): string[] {
  return [palette.bg, palette.surface, palette["surface-muted"], palette["primary-soft"]];
}

export function contrast(a: string, b: string): number {
  return wcagContrast(a, b);
}

function hexOf(color: Oklch): string {
  return formatHex(clampChroma(color, "oklch"));
}

function meetsAll(color: string, backgrounds: string[], minimum: number): boolean {
  return backgrounds.every((background) => contrast(color, background) >= minimum);
}

/**
 * The brand's hue and chroma at the lightness nearest its own that holds `minimum` against
 * every background: darker on a light scheme, lighter on a dark one. Binary search on OKLCH
 * lightness (chroma clamped into sRGB at each step), then checked; when no shade of the hue
 * holds, black or white does.
 */
function nearestReadable(base: Oklch, backgrounds: string[], minimum: number, scheme: Scheme): string {
  const own = hexOf(base);
  if (meetsAll(own, backgrounds, minimum)) return own;
  const end = scheme === "light" ? 0 : 1;
  let readable = end;
  let unreadable = base.l;
  for (let step = 0; step < 24; step++) {
    const middle = (readable + unreadable) / 2;
    if (meetsAll(hexOf({ ...base, l: middle }), backgrounds, minimum)) readable = middle;
    else unreadable = middle;
  }
  const found = hexOf({ ...base, l: readable });
  if (meetsAll(found, backgrounds, minimum)) return found;
  return scheme === "light" ? BLACK : WHITE;
}

/** `color` moved by `delta` in OKLCH lightness, kept only if it still holds `minimum` on `against`. */
function shifted(color: string, delta: number, against: string, minimum: number): string {
  const base = oklch(color);
  if (!base) return color;
  const moved = hexOf({ ...base, l: Math.min(1, Math.max(0, base.l + delta)) });
  return contrast(moved, against) >= Math.max(minimum, contrast(color, against)) ? moved : color;
}

function brandRoles(brandColor: string, scheme: Scheme, neutral: Neutral): BrandRoles {
  const base = oklch(brandColor) ?? oklch(DEFAULT_BRAND_COLOR);
  if (!base) throw new Error("the default brand colour must parse");
  const hue = { ...base, h: base.h ?? 0 };
  const soft = hexOf({ mode: "oklch", l: scheme === "light" ? 0.965 : 0.27, c: Math.min(hue.c, scheme === "light" ? 0.03 : 0.05), h: hue.h });
  const surfaces = [neutral.bg, neutral.surface, neutral["surface-muted"], soft];
  const primary = nearestReadable(hue, surfaces, TEXT_CONTRAST, scheme);
  const fill = hexOf(hue);
  const onFill = contrast(WHITE, fill) >= TEXT_CONTRAST ? WHITE : BLACK;
  return {
    primary,
    "primary-hover": shifted(primary, scheme === "light" ? -0.08 : 0.08, neutral.surface, TEXT_CONTRAST),
    "primary-soft": soft,
    "primary-fill": fill,
    "primary-fill-hover": shifted(fill, onFill === WHITE ? -0.06 : 0.06, onFill, TEXT_CONTRAST),
    "primary-text": onFill,
    "primary-fill-border": meetsAll(fill, [neutral.bg, neutral.surface], NON_TEXT_CONTRAST) ? fill : primary,
    focus: primary,
  };
}

/** Every colour token of one scheme for a brand colour (null: the default blue). */
export function paletteFor(brandColor: string | null, scheme: Scheme): Readonly<Palette> {
  return palettes(`${scheme} ${brandColor ?? DEFAULT_BRAND_COLOR}`);
}

/**
 * Palettes by scheme and colour: every email and page of a workspace asks for the same one, and
 * working it out (OKLCH searches for readable shades) cost a confirmation more than writing it.
 */
const palettes = memoized<Readonly<Palette>>({ maxBytes: 256 * 1024, sizeOf: () => 1024 }, (key) => {
  const [scheme, brandColor] = key.split(" ") as [Scheme, string];
  const neutral = NEUTRAL[scheme];
  return Object.freeze({ ...neutral, ...brandRoles(brandColor, scheme, neutral) });
});
