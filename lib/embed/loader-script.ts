import { readFile } from "node:fs/promises";
import path from "node:path";
import { createTranslator } from "use-intl/core";
import { LOCALES } from "@/lib/i18n/locales";
import { paletteFor } from "@/lib/brand/palette";
import { MESSAGES } from "@/lib/i18n/messages";

const PLACEHOLDER = "/* EMBED_TEXTS */ {}";
const SURFACES_PLACEHOLDER = "/* EMBED_SURFACES */ {}";

const KEYS = ["button", "close", "frameTitle", "refused", "unavailable", "link"] as const;

/** The loader's own words in every language (`embed.loader.*`), keyed by language code. */
export function loaderTexts(): Record<string, Record<string, string>> {
  return Object.fromEntries(
    LOCALES.map((locale) => {
      const t = createTranslator({ locale, messages: MESSAGES[locale], namespace: "embed.loader" });
      return [locale, Object.fromEntries(KEYS.map((key) => [key, t(key)]))];
    }),
  );
}

/** lib/embed/loader.js with its texts filled in from the message files: the one copy of those words. */
export function renderLoader(source: string): string {
  if (!source.includes(PLACEHOLDER)) throw new Error("lib/embed/loader.js lost its EMBED_TEXTS placeholder");
  if (!source.includes(SURFACES_PLACEHOLDER)) throw new Error("lib/embed/loader.js lost its EMBED_SURFACES placeholder");
  const surfaces = { light: paletteFor(null, "light").surface, dark: paletteFor(null, "dark").surface };
  // JSON is valid JavaScript; "<" escaped so no text can close a script element.
  return source
    .replace(PLACEHOLDER, () => JSON.stringify(loaderTexts()).replaceAll("<", "\\u003c"))
    .replace(SURFACES_PLACEHOLDER, () => JSON.stringify(surfaces));
}

let built: Promise<string> | null = null;

/** The served /embed.js, built once per process. */
export function loaderScript(): Promise<string> {
  built ??= readFile(path.join(process.cwd(), "lib", "embed", "loader.js"), "utf8").then(renderLoader);
  return built;
}
