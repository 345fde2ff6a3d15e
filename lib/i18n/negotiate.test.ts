import { describe, expect, it } from "vitest";
import { negotiateLocale } from "./negotiate";

describe("negotiateLocale (docs/decisions.md#languages)", () => {
  it("takes the customer's own choice over everything else", () => {
    expect(negotiateLocale({ choice: "ar", hint: "fr", acceptLanguage: "de-DE,de;q=0.9", fallback: "es" })).toBe("ar");
  });

  it("takes the context's hint (host page, booked language) over the browser", () => {
    expect(negotiateLocale({ hint: "fr-CA", acceptLanguage: "de-DE,de;q=0.9", fallback: "es" })).toBe("fr");
  });

  it("takes the best match of Accept-Language, by quality, region variants included", () => {
    expect(negotiateLocale({ acceptLanguage: "pt-BR,pt;q=0.9,en;q=0.5", fallback: "de" })).toBe("pt");
    expect(negotiateLocale({ acceptLanguage: "en;q=0.4, ar-EG;q=0.8", fallback: "de" })).toBe("ar");
    expect(negotiateLocale({ acceptLanguage: "da, fr;q=0.7", fallback: "de" })).toBe("fr");
    expect(negotiateLocale({ acceptLanguage: "es-419" })).toBe("es");
  });

  it("falls back to the workspace's language when the browser asks for none of ours", () => {
    expect(negotiateLocale({ acceptLanguage: "ja-JP,ja;q=0.9,zh;q=0.8", fallback: "de" })).toBe("de");
    expect(negotiateLocale({ acceptLanguage: "*", fallback: "es" })).toBe("es");
    expect(negotiateLocale({ acceptLanguage: "", fallback: "fr" })).toBe("fr");
  });

  it("ends in English, and ignores values that are not languages we speak", () => {
    expect(negotiateLocale({})).toBe("en");
    expect(negotiateLocale({ choice: "klingon!!", hint: "", acceptLanguage: "not a header;;", fallback: "xx" })).toBe("en");
    expect(negotiateLocale({ choice: "ja", acceptLanguage: "de" })).toBe("de");
  });
});
