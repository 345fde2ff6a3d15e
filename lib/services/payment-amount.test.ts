import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { computePaymentAmountCents, percentOfCentsHalfUp, type PaymentTerms } from "./payment-amount";
import { checkPaymentRules } from "./payment-rules";

const terms = (fields: Partial<PaymentTerms>): PaymentTerms => ({
  paymentMode: "none",
  priceCents: null,
  depositAmountCents: null,
  depositPercent: null,
  ...fields,
});

describe("percentOfCentsHalfUp", () => {
  it.each([
    [2_500, 25, 625],
    [250, 15, 38], // 37.5 → 38
    [1, 50, 1], // 0.5 → 1
    [49, 1, 0], // 0.49 → 0
    [50, 1, 1], // 0.5 → 1
    [1_001, 33, 330], // 330.33 → 330
    [999, 50, 500], // 499.5 → 500
    [99_999_999, 100, 99_999_999],
    [99_999_999, 33, 33_000_000], // 32,999,999.67 → 33,000,000
  ])("%i × %i%% = %i", (price, percent, expected) => {
    expect(percentOfCentsHalfUp(price, percent)).toBe(expected);
  });

  it("matches exact rational half-up rounding for every price and percent", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99_999_999 }), fc.integer({ min: 1, max: 100 }), (price, percent) => {
        const exact = BigInt(price) * BigInt(percent);
        const expected = Number((exact * 2n + 100n) / 200n); // floor(x/100 + 1/2)
        expect(percentOfCentsHalfUp(price, percent)).toBe(expected);
      }),
    );
  });
});

describe("computePaymentAmountCents", () => {
  it("is null when nothing is charged", () => {
    expect(computePaymentAmountCents(terms({ paymentMode: "none", priceCents: 2_000 }))).toBeNull();
  });

  it("charges the price, the fixed deposit or the rounded percentage", () => {
    expect(computePaymentAmountCents(terms({ paymentMode: "full", priceCents: 2_000 }))).toBe(2_000);
    expect(computePaymentAmountCents(terms({ paymentMode: "deposit_fixed", depositAmountCents: 500 }))).toBe(500);
    expect(computePaymentAmountCents(terms({ paymentMode: "deposit_fixed", depositAmountCents: 500, priceCents: 500 }))).toBe(500);
    expect(computePaymentAmountCents(terms({ paymentMode: "deposit_percent", priceCents: 250, depositPercent: 15 }))).toBe(38);
  });

  it("is null for terms that cannot produce a positive amount (misconfigured: cannot be booked)", () => {
    expect(computePaymentAmountCents(terms({ paymentMode: "full" }))).toBeNull();
    expect(computePaymentAmountCents(terms({ paymentMode: "full", priceCents: 0 }))).toBeNull();
    expect(computePaymentAmountCents(terms({ paymentMode: "deposit_fixed" }))).toBeNull();
    expect(computePaymentAmountCents(terms({ paymentMode: "deposit_fixed", depositAmountCents: 600, priceCents: 500 }))).toBeNull();
    expect(computePaymentAmountCents(terms({ paymentMode: "deposit_percent", depositPercent: 20 }))).toBeNull();
    expect(computePaymentAmountCents(terms({ paymentMode: "deposit_percent", priceCents: 2_000 }))).toBeNull();
    expect(computePaymentAmountCents(terms({ paymentMode: "deposit_percent", priceCents: 2_000, depositPercent: 0 }))).toBeNull();
    expect(computePaymentAmountCents(terms({ paymentMode: "deposit_percent", priceCents: 2_000, depositPercent: 101 }))).toBeNull();
    expect(computePaymentAmountCents(terms({ paymentMode: "deposit_percent", priceCents: 49, depositPercent: 1 }))).toBeNull();
  });
});

describe("checkPaymentRules", () => {
  const refusal = (input: Parameters<typeof checkPaymentRules>[0]) => {
    try {
      checkPaymentRules(input);
      return undefined;
    } catch (error) {
      return (error as { type: string; details: { param?: string } }).details.param;
    }
  };

  it("accepts every well-formed mode", () => {
    expect(refusal({ payment_mode: "none" })).toBeUndefined();
    expect(refusal({ payment_mode: "none", price_cents: 100 })).toBeUndefined();
    expect(refusal({ payment_mode: "full", price_cents: 100 })).toBeUndefined();
    expect(refusal({ payment_mode: "deposit_fixed", deposit_amount_cents: 100 })).toBeUndefined();
    expect(refusal({ payment_mode: "deposit_percent", deposit_percent: 10, price_cents: 100 })).toBeUndefined();
  });

  it("names the field each broken rule is about", () => {
    expect(refusal({ payment_mode: "full" })).toBe("price_cents");
    expect(refusal({ payment_mode: "full", price_cents: 100, deposit_amount_cents: 1 })).toBe("deposit_amount_cents");
    expect(refusal({ payment_mode: "full", price_cents: 100, deposit_percent: 1 })).toBe("deposit_percent");
    expect(refusal({ payment_mode: "deposit_fixed", price_cents: 100 })).toBe("deposit_amount_cents");
    expect(refusal({ payment_mode: "deposit_fixed", deposit_amount_cents: 10, deposit_percent: 5 })).toBe("deposit_percent");
    expect(refusal({ payment_mode: "deposit_fixed", deposit_amount_cents: 101, price_cents: 100 })).toBe("deposit_amount_cents");
    expect(refusal({ payment_mode: "deposit_percent", price_cents: 100 })).toBe("deposit_percent");
    expect(refusal({ payment_mode: "deposit_percent", deposit_percent: 10 })).toBe("price_cents");
    expect(refusal({ payment_mode: "deposit_percent", deposit_percent: 10, price_cents: 100, deposit_amount_cents: 5 })).toBe("deposit_amount_cents");
    expect(refusal({ payment_mode: "deposit_percent", deposit_percent: 1, price_cents: 49 })).toBe("deposit_percent");
    expect(refusal({ payment_mode: "none", deposit_amount_cents: 5 })).toBe("deposit_amount_cents");
    expect(refusal({ payment_mode: "none", deposit_percent: 5 })).toBe("deposit_percent");
  });
});
