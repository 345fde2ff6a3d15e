import { describe, expect, it } from "vitest";
import { verifyBookingSignature } from "@/app/docs/webhooks/verify-booking-signature";
import { signatureHeader } from "./signature";

/** The receiver code the webhooks guide shows accepts exactly what we sign, and nothing else. */
describe("the guide's verifyBookingSignature", () => {
  const secret = "whsec_guide";
  const body = JSON.stringify({ id: "d1", type: "booking.created", note: "café ✂️" });

  it("accepts our signature over the raw bytes", () => {
    expect(verifyBookingSignature(Buffer.from(body), signatureHeader(secret, body, new Date()), secret)).toBe(true);
  });

  it("refuses another secret, a changed body, a stale timestamp and a malformed header", () => {
    const header = signatureHeader(secret, body, new Date());
    expect(verifyBookingSignature(body, header, "whsec_other")).toBe(false);
    expect(verifyBookingSignature(body.replace("café", "cafe"), header, secret)).toBe(false);
    expect(verifyBookingSignature(body, signatureHeader(secret, body, new Date(Date.now() - 600_000)), secret)).toBe(false);
    expect(verifyBookingSignature(body, "v1=00", secret)).toBe(false);
    expect(verifyBookingSignature(body, header.replace(/v1=\w+/, "v1=zz"), secret)).toBe(false);
  });
});
