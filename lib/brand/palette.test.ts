import { describe, expect, it } from "vitest";
import { contrast, DEFAULT_BRAND_COLOR, NON_TEXT_CONTRAST, paletteFor, TEXT_CONTRAST, type Palette, type Scheme } from "./palette";

/** Every 17th step of each channel (0, 17, …, 255): 4,096 colours, light and dark, saturated and grey. */
const STEPS = Array.from({ length: 16 }, (_, index) => (index * 17).toString(16).padStart(2, "0"));
const GRID = STEPS.flatMap((r) => STEPS.flatMap((g) => STEPS.map((b) => `#${r}${g}${b}`)));
const NAMED = [
  "#ffffff",
  "#000000",
  "#fef9c3",
  "#0b1020",
  "#ff0000",
  "#00ff00",
  "#0000ff",
  "#ffff00",
  "#7c3aed",
  "#e11d48",
  "#808080",
  "#777777",
  DEFAULT_BRAND_COLOR,
];

type Pair = [foreground: keyof Palette, background: keyof Palette, minimum: number];

/** Each pair the components draw (docs/brand.md lists them). */
const PAIRS: Pair[] = [
  ...(["bg", "surface", "surface-muted", "primary-soft"] as const).flatMap((background): Pair[] => [
    ["text", background, TEXT_CONTRAST],
    ["text-muted", background, TEXT_CONTRAST],
    ["primary", background, TEXT_CONTRAST],
    ["primary-hover", background, TEXT_CONTRAST],
    ["focus", background, NON_TEXT_CONTRAST],
  ]),
  ...(["bg", "surface", "surface-muted"] as const).flatMap((background): Pair[] => [
    ["border", background, NON_TEXT_CONTRAST],
    ["border-strong", background, NON_TEXT_CONTRAST],
    ["success", background, TEXT_CONTRAST],
    ["warning", background, TEXT_CONTRAST],
    ["danger", background, TEXT_CONTRAST],
  ]),
  ["primary-text", "primary-fill", TEXT_CONTRAST],
  ["primary-text", "primary-fill-hover", TEXT_CONTRAST],
  ["primary-fill-border", "surface", NON_TEXT_CONTRAST],
  ["primary-fill-border", "bg", NON_TEXT_CONTRAST],
  ["success", "success-soft", TEXT_CONTRAST],
  ["warning", "warning-soft", TEXT_CONTRAST],
  ["danger", "danger-soft", TEXT_CONTRAST],
  ["text", "success-soft", TEXT_CONTRAST],
  ["text", "warning-soft", TEXT_CONTRAST],
  ["text", "danger-soft", TEXT_CONTRAST],
  // Toasts and the danger button write the surface colour on these fills.
  ["surface", "danger", TEXT_CONTRAST],
  ["surface", "danger-hover", TEXT_CONTRAST],
  ["surface", "success", TEXT_CONTRAST],
  ["surface", "text", TEXT_CONTRAST],
  ["code-text", "code-bg", TEXT_CONTRAST],
  ["code-text", "code-line", TEXT_CONTRAST],
  ["code-muted", "code-bg", TEXT_CONTRAST],
  ["code-border", "code-bg", NON_TEXT_CONTRAST],
  ["code-focus", "code-bg", NON_TEXT_CONTRAST],
];

function failures(brand: string, scheme: Scheme): string[] {
  const palette = paletteFor(brand, scheme);
  return PAIRS.flatMap(([foreground, background, minimum]) => {
    const ratio = contrast(palette[foreground], palette[background]);
    return ratio >= minimum ? [] : [`${brand} ${scheme}: ${foreground} ${palette[foreground]} on ${background} ${palette[background]} is ${ratio.toFixed(2)}`];
  });
}

describe("paletteFor", () => {
  it.each(["light", "dark"] as const)("keeps every drawn pair readable in the %s scheme for 4,096 brand colours", (scheme) => {
    const found = [...GRID, ...NAMED].flatMap((brand) => failures(brand, scheme));
    expect(found.slice(0, 10)).toEqual([]);
  });

  it("keeps the business's own colour as the fill, with white text when white reads and black when it does not", () => {
    expect(paletteFor("#0f766e", "light")).toMatchObject({ "primary-fill": "#0f766e", "primary-text": "#ffffff", primary: "#0f766e" });
    expect(paletteFor("#fef9c3", "light")).toMatchObject({ "primary-fill": "#fef9c3", "primary-text": "#000000" });
    expect(paletteFor("#fef9c3", "dark")).toMatchObject({ "primary-fill": "#fef9c3", "primary-text": "#000000", primary: "#fef9c3" });
  });

  it("moves a colour too light for text on white darker in the light scheme, and one too dark lighter in the dark scheme, keeping its hue", () => {
    const light = paletteFor("#fde047", "light").primary;
    expect(contrast(light, "#ffffff")).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(contrast(light, "#ffffff")).toBeLessThan(5.5);
    const dark = paletteFor("#1e1b4b", "dark").primary;
    expect(contrast(dark, paletteFor("#1e1b4b", "dark").surface)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(dark).not.toBe("#ffffff");
  });

  it("gives a fill that does not stand out from the page the brand's readable shade as its edge", () => {
    const pale = paletteFor("#fef9c3", "light");
    expect(pale["primary-fill-border"]).toBe(pale.primary);
    const strong = paletteFor("#0f766e", "light");
    expect(strong["primary-fill-border"]).toBe("#0f766e");
  });

  it("uses the default blue without a brand colour", () => {
    expect(paletteFor(null, "light")["primary-fill"]).toBe(DEFAULT_BRAND_COLOR);
  });
});
