import { describe, expect, it } from "vitest";
import { decideFrame } from "./frame-decision";

const ancestors = ["https://app.example", "https://salon.example"];

describe("decideFrame", () => {
  it("serves the flow, framed by the list only, to a listed parent or when no parent is known", () => {
    const flow = { kind: "flow", csp: "frame-ancestors 'self' https://app.example https://salon.example" };
    expect(decideFrame({ ancestors, originParam: "https://salon.example", referer: null, fetchDest: "iframe" })).toEqual(flow);
    expect(decideFrame({ ancestors, originParam: null, referer: "https://salon.example/book-now?x=1", fetchDest: "iframe" })).toEqual(flow);
    expect(decideFrame({ ancestors, originParam: null, referer: null, fetchDest: "document" })).toEqual(flow);
    // A Referer only speaks for a parent when the request is for a frame.
    expect(decideFrame({ ancestors, originParam: null, referer: "https://elsewhere.example/", fetchDest: "document" })).toEqual(flow);
  });

  it("refuses a parent not on the list with a page only that parent may frame", () => {
    const refused = { kind: "refused", parentOrigin: "https://elsewhere.example", csp: "frame-ancestors 'self' https://elsewhere.example" };
    expect(decideFrame({ ancestors, originParam: "https://elsewhere.example", referer: null, fetchDest: "iframe" })).toEqual(refused);
    expect(decideFrame({ ancestors, originParam: null, referer: "https://elsewhere.example/page", fetchDest: "iframe" })).toEqual(refused);
    // A malformed origin parameter falls back to the Referer.
    expect(decideFrame({ ancestors, originParam: "https://elsewhere.example/path", referer: "https://elsewhere.example/", fetchDest: "iframe" })).toEqual(
      refused,
    );
  });

  it("never lets a crafted value into the header", () => {
    const decision = decideFrame({ ancestors, originParam: "https://x.example; script-src *", referer: "javascript:alert(1)", fetchDest: "iframe" });
    expect(decision.kind).toBe("flow");
    expect(decision.csp).not.toContain("script-src");
  });
});
