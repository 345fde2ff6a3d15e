import { describe, expect, it } from "vitest";
import { paidCents, refundOnCancelCents } from "./refund-rule";

const payment = (status: string, refunded = 0) => ({ status, amount_cents: 2000, amount_refunded_cents: refunded });

describe("refundOnCancelCents", () => {
  it("gives back everything not refunded yet while money is held", () => {
    expect(refundOnCancelCents(payment("succeeded"))).toBe(2000);
    expect(refundOnCancelCents(payment("processing"))).toBe(2000);
    expect(refundOnCancelCents(payment("partially_refunded", 500))).toBe(1500);
    expect(refundOnCancelCents(payment("refund_pending", 500))).toBe(1500);
  });

  it("gives back nothing when nothing was taken or all of it came back", () => {
    for (const status of ["initializing", "requires_payment", "canceled"]) expect(refundOnCancelCents(payment(status))).toBe(0);
    expect(refundOnCancelCents(payment("refunded", 2000))).toBe(0);
  });
});

describe("paidCents", () => {
  it("counts a payment once money was taken, refunds aside", () => {
    expect(paidCents(payment("succeeded"))).toBe(2000);
    expect(paidCents(payment("refunded", 2000))).toBe(2000);
    expect(paidCents(payment("requires_payment"))).toBe(0);
    expect(paidCents(payment("canceled"))).toBe(0);
  });
});
