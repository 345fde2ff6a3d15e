import { describe, expect, it } from "vitest";
import { summaryRows, type SummaryInput } from "./summary";
import { wordingFor } from "./wording";

const base: SummaryInput = {
  service: { name: "Colour", duration_minutes: 30, price_cents: 8000, payment_mode: "deposit_fixed", payment_amount_cents: 2000 },
  staffName: "Alex Rivera",
  // The night London's clocks go forward: 00:30 UTC is 00:30 GMT, 01:30 UTC is 02:30 BST.
  startsAt: "2026-03-29T00:30:00Z",
  endsAt: "2026-03-29T01:30:00Z",
  businessZone: "America/New_York",
  customerZone: "Europe/London",
  currency: "usd",
  locale: "en-GB",
  wording: wordingFor("general"),
  paid: false,
};

const table = (input: SummaryInput) => Object.fromEntries(summaryRows(input).map((row) => [row.label, row.value]));

describe("summaryRows", () => {
  it("says what is due now and what is left, in both zones, across a DST change", () => {
    const rows = table(base);
    expect(rows).toMatchObject({ Price: "US$80.00", "Due now": "US$20.00", "Due at the appointment": "US$60.00", "Staff member": "Alex Rivera" });
    expect(rows.When).toBe("Saturday, 28 March 2026, 20:30 – 21:30 (New York time)");
    expect(rows["Your time"]).toBe("Sunday, 29 March 2026, 00:30 – 02:30 (London time)");
    expect(table({ ...base, paid: true })).toMatchObject({ Paid: "US$20.00", "Due at the appointment": "US$60.00" });
  });

  it("shows one zone when they match, and the whole price as due later without a payment", () => {
    const rows = table({ ...base, customerZone: "America/New_York", service: { ...base.service, payment_mode: "none", payment_amount_cents: null } });
    expect(rows).not.toHaveProperty("Your time");
    expect(rows).not.toHaveProperty("Due now");
    expect(rows["Due at the appointment"]).toBe("US$80.00");
    expect(table({ ...base, staffName: null })).not.toHaveProperty("Staff member");
  });
});
