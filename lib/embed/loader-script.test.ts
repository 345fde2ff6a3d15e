import { readFileSync } from "node:fs";
import path from "node:path";
import { Script } from "node:vm";
import { describe, expect, it } from "vitest";
import { loaderTexts, renderLoader } from "./loader-script";

const source = readFileSync(path.join(process.cwd(), "lib", "embed", "loader.js"), "utf8");

describe("the served /embed.js", () => {
  it("carries the loader's words in all six languages, from the message files", () => {
    const texts = loaderTexts();
    expect(Object.keys(texts)).toEqual(["en", "es", "fr", "de", "pt", "ar"]);
    expect(texts.en?.link).toBe("Book on our booking page");
    expect(texts.es?.link).toBe("Reservar en nuestra página de reservas");
    const script = renderLoader(source);
    expect(script).toContain(JSON.stringify(texts.ar?.button));
    expect(script).not.toContain("EMBED_TEXTS */ {}");
    // The frame's surfaces in both schemes, from the palette the pages use.
    expect(script).toContain('{"light":"#ffffff","dark":"#161b22"}');
    // Still one valid classic script: it compiles (never runs) as one.
    expect(() => new Script(script, { filename: "embed.js" })).not.toThrow();
  });

  it("refuses a loader that lost its placeholder", () => {
    expect(() => renderLoader("(function(){})();")).toThrow(/placeholder/);
    expect(() => renderLoader("var TEXTS = /* EMBED_TEXTS */ {};")).toThrow(/EMBED_SURFACES placeholder/);
  });
});
