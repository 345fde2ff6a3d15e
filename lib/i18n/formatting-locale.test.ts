import { describe, expect, it } from "vitest";
import { formattingLocale } from "./formatting-locale";

describe("formattingLocale", () => {
  it("keeps the browser's regional variant of the page's language", () => {
    expect(formattingLocale("en", "en-GB,en;q=0.9")).toBe("en-GB");
    expect(formattingLocale("pt", "fr;q=0.5, pt-PT;q=0.9")).toBe("pt-PT");
    expect(formattingLocale("ar", "ar-EG")).toBe("ar-EG");
  });

  it("falls back to the page's language when the browser speaks another one or says nothing", () => {
    expect(formattingLocale("de", "ja-JP,ja;q=0.9")).toBe("de");
    expect(formattingLocale("fr", "en-US")).toBe("fr");
    expect(formattingLocale("es", null)).toBe("es");
    expect(formattingLocale("es", "*, not a tag")).toBe("es");
  });
});
