import { describe, expect, it } from "vitest";
import { generateWebhookSecret, signatureHeader } from "./signature";

describe("signatureHeader", () => {
  it('is t=<unix seconds>,v1=<lowercase hex HMAC-SHA256 of "<t>.<raw body>">', () => {
    const body = '{"id":"d1","type":"booking.created","data":{"name":"Zoë"}}';
    // Expected value computed independently: printf '1925089445.<body>' | openssl dgst -sha256 -hmac whsec_test
    expect(signatureHeader("whsec_test", body, new Date("2031-01-02T03:04:05.678Z"))).toBe(
      "t=1925089445,v1=079febf044e473570d9642982b9b9f30a060636a03519f6104d06eaafeccc55e",
    );
  });

  it("signs the exact bytes: any change to the body changes the signature", () => {
    const at = new Date("2031-01-01T00:00:00Z");
    expect(signatureHeader("s", '{"a":1}', at)).not.toBe(signatureHeader("s", '{"a": 1}', at));
  });
});

describe("generateWebhookSecret", () => {
  it("is whsec_ and 40 base62 characters, different every time", () => {
    const a = generateWebhookSecret();
    expect(a).toMatch(/^whsec_[0-9A-Za-z]{40}$/);
    expect(generateWebhookSecret()).not.toBe(a);
  });
});
