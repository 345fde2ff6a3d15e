import { describe, expect, it } from "vitest";
import { frameEnvelope, isHostMessage, normalizeOrigin, resolveParentOrigin } from "./embed-protocol";

const allowed = ["https://shop.example", "http://localhost:3000"];

describe("resolveParentOrigin", () => {
  it("accepts an allowed origin that is the real parent", () => {
    expect(resolveParentOrigin({ originParam: "https://shop.example", ancestorOrigins: ["https://shop.example"], allowedOrigins: allowed })).toBe(
      "https://shop.example",
    );
  });

  it("accepts an allowed origin when the browser does not expose ancestorOrigins", () => {
    expect(resolveParentOrigin({ originParam: "https://shop.example", ancestorOrigins: null, allowedOrigins: allowed })).toBe("https://shop.example");
  });

  it("refuses an origin that is not on the frame-ancestors list", () => {
    expect(resolveParentOrigin({ originParam: "https://evil.example", ancestorOrigins: ["https://evil.example"], allowedOrigins: allowed })).toBeNull();
  });

  it("refuses an allowed origin that is not the actual parent", () => {
    expect(resolveParentOrigin({ originParam: "https://shop.example", ancestorOrigins: ["https://evil.example"], allowedOrigins: allowed })).toBeNull();
  });

  it("refuses a missing, malformed or non-origin parameter (a path, a wildcard, javascript:)", () => {
    for (const originParam of [null, "", "*", "https://shop.example/page", "javascript:alert(1)", "shop.example"]) {
      expect(resolveParentOrigin({ originParam, ancestorOrigins: null, allowedOrigins: [...allowed, "*"] })).toBeNull();
    }
  });
});

describe("messages", () => {
  it("wraps frame messages in the versioned envelope", () => {
    expect(frameEnvelope({ type: "booking_confirmed", data: { id: "b1", status: "confirmed", starts_at: "2026-03-12T09:30:00+01:00" } })).toEqual({
      source: "bk-embed",
      v: 1,
      type: "booking_confirmed",
      data: { id: "b1", status: "confirmed", starts_at: "2026-03-12T09:30:00+01:00" },
    });
  });

  it("recognises only the host's envelope", () => {
    expect(isHostMessage({ source: "bk-embed-host", v: 1, type: "focus" })).toBe(true);
    expect(isHostMessage({ source: "bk-embed-host", v: 2, type: "focus" })).toBe(false);
    expect(isHostMessage({ source: "other", v: 1, type: "focus" })).toBe(false);
    expect(isHostMessage("focus")).toBe(false);
  });

  it("normalises only exact origins", () => {
    expect(normalizeOrigin("http://127.0.0.1:3101")).toBe("http://127.0.0.1:3101");
    expect(normalizeOrigin("http://127.0.0.1:3101/")).toBeNull();
    expect(normalizeOrigin("ftp://x.example")).toBeNull();
  });
});
