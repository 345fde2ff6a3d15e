import { describe, expect, it } from "vitest";
import { billingPeriod } from "./billing-period";

describe("the billing period", () => {
  it("is the UTC calendar month holding the instant, whatever the instant's own day or zone", () => {
    expect(billingPeriod(new Date("2026-11-28T19:00:00Z"))).toEqual({
      start: new Date("2026-11-01T00:00:00Z"),
      end: new Date("2026-12-01T00:00:00Z"),
      key: "2026-11",
    });
    // New Year's Eve in New York is already January in UTC.
    expect(billingPeriod(new Date("2026-12-31T23:30:00-05:00")).key).toBe("2027-01");
    expect(billingPeriod(new Date("2026-12-31T23:59:59.999Z"))).toMatchObject({ key: "2026-12", end: new Date("2027-01-01T00:00:00Z") });
    expect(billingPeriod(new Date("2028-02-29T12:00:00Z"))).toMatchObject({ start: new Date("2028-02-01T00:00:00Z"), end: new Date("2028-03-01T00:00:00Z") });
  });
});
