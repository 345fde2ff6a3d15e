import { describe, expect, it } from "vitest";
import { dedupeOrigins, frameAncestorsHeader } from "./frame-ancestors";

describe("frame-ancestors", () => {
  it("lists self, the app origin and the key's origins once each", () => {
    expect(frameAncestorsHeader(["http://localhost:3000", "https://shop.example", "https://shop.example"])).toBe(
      "frame-ancestors 'self' http://localhost:3000 https://shop.example",
    );
  });

  it("drops anything that is not an exact origin, so no stored value can add a directive", () => {
    expect(dedupeOrigins(["https://a.example; script-src *", "*", "https://b.example/path", "javascript:x", "https://c.example"])).toEqual([
      "https://c.example",
    ]);
    expect(frameAncestorsHeader([])).toBe("frame-ancestors 'self'");
  });
});
