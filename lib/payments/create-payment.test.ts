import { describe, expect, it } from "vitest";
import { setConfigForTesting } from "@/lib/config";
import type { PaymentRow } from "@/lib/db/schema";
import { DomainError } from "@/lib/errors";
import { assertPaymentPossible } from "./create-payment";
import { processorKindForNewPayments } from "./get-processor";
import { toBookingPaymentIntent } from "./serialize";

const full = { paymentMode: "full" as const, priceCents: 4_500, depositAmountCents: null, depositPercent: null };
const connected = { stripeAccountId: "acct_123" };

function refusal(run: () => void): DomainError | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    return error as DomainError;
  }
}

describe("assertPaymentPossible", () => {
  it("lets a free service through whatever the workspace", () => {
    expect(refusal(() => assertPaymentPossible({ stripeAccountId: null }, { ...full, paymentMode: "none", priceCents: null }))).toBeUndefined();
  });

  it("lets a paid service through with a connected account and a processor", () => {
    expect(refusal(() => assertPaymentPossible(connected, full))).toBeUndefined();
  });

  it.each([
    ["no connected account", { stripeAccountId: null }, full],
    ["terms that give no amount", connected, { ...full, paymentMode: "deposit_percent" as const, depositPercent: null }],
    ["a zero price", connected, { ...full, priceCents: 0 }],
  ])("refuses %s: 422 validation_failed naming service_id", (_case, workspace, terms) => {
    const error = refusal(() => assertPaymentPossible(workspace, terms));
    expect(error).toBeInstanceOf(DomainError);
    expect(error).toMatchObject({ type: "validation_failed", details: { param: "service_id" } });
  });

  it("refuses when the server has no processor (no Stripe keys and dev tools off)", () => {
    setConfigForTesting({ devTools: false, stripe: undefined });
    expect(processorKindForNewPayments()).toBeNull();
    expect(refusal(() => assertPaymentPossible(connected, full))).toMatchObject({ type: "validation_failed", details: { param: "service_id" } });
    setConfigForTesting({ devTools: true, stripe: undefined });
    expect(processorKindForNewPayments()).toBe("test");
    setConfigForTesting({ devTools: true, stripe: { secretKey: "sk_test_x", webhookSecret: undefined, publishableKey: undefined, apiBase: undefined } });
    expect(processorKindForNewPayments()).toBe("stripe");
  });
});

describe("toBookingPaymentIntent", () => {
  const payment = { status: "requires_payment", clientSecret: "pi_1_secret_2", amountCents: 63, currency: "eur", connectedAccountId: "acct_123" } as PaymentRow;

  it("is the create response's block while the customer can pay", () => {
    expect(toBookingPaymentIntent(payment)).toEqual({ client_secret: "pi_1_secret_2", amount_cents: 63, currency: "eur", connected_account_id: "acct_123" });
  });

  it("is absent otherwise (never partial)", () => {
    expect(toBookingPaymentIntent({ ...payment, status: "initializing", clientSecret: null })).toBeUndefined();
    expect(toBookingPaymentIntent({ ...payment, status: "succeeded" })).toBeUndefined();
  });
});
