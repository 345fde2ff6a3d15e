import { describe, expect, it } from "vitest";
import { ProcessorRefusedError, ProcessorUnavailableError } from "@/lib/payments/processor";
import { createStripeProcessor, getStripeClient } from "@/lib/payments/stripe-processor";
import { useStripeStandIn } from "../helpers/stripe-setup";

/** stripe-node pointed (host/port/protocol) at the local stand-in: what the SDK really sends. */
const { standIn } = useStripeStandIn();

const account = "acct_1StandInTest";
const input = {
  connectedAccountId: account,
  bookingId: "2b0cbd2e-7c86-4a8e-8a4b-0b8f6b7a1c11",
  paymentId: "0f6f7f2c-58a8-4d43-b1d6-0d2b8f8f3e21",
  workspaceId: "6c3b7c5e-5f44-4a0c-9a3e-3d9c1e0c2a10",
  amountCents: 2063,
  currency: "eur",
};

describe("Stripe processor over stripe-node", () => {
  it("creates the intent on the connected account with our idempotency key, the amount form-encoded, cards only, automatic capture", async () => {
    const processor = createStripeProcessor(getStripeClient());
    const intent = await processor.createIntent(input);
    expect(intent).toMatchObject({ status: "requires_payment_method", amountCents: 2063, currency: "eur" });
    expect(intent.clientSecret).toMatch(/^pi_.+_secret_/);
    const sent = standIn().requests.at(-1)!;
    expect(sent).toMatchObject({ method: "POST", path: "/v1/payment_intents", stripeAccount: account, idempotencyKey: `pi-create:${input.bookingId}` });
    expect(sent.stripeVersion).toBeTruthy();
    expect(Object.keys(sent.form).filter((name) => name.includes("payment_method_types["))).toEqual(["allowed_payment_method_types[0]"]);
    expect(sent.form).toMatchObject({
      amount: "2063",
      currency: "eur",
      "allowed_payment_method_types[0]": "card",
      capture_method: "automatic",
      "metadata[booking_id]": input.bookingId,
      "metadata[payment_id]": input.paymentId,
    });
  });

  it("creating twice for one booking gives the same intent (the key is derived from our ids)", async () => {
    const processor = createStripeProcessor();
    const bookingId = "d9a3f1f0-1a7e-4c36-9a3a-5b2f0c1d2e3f";
    const first = await processor.createIntent({ ...input, bookingId });
    const second = await processor.createIntent({ ...input, bookingId });
    expect(second.id).toBe(first.id);
    expect(standIn().intents.has(first.id)).toBe(true);
  });

  it("retrieves, cancels (abandoned, pi-cancel key) and refunds (refund:<payment>:<n> key) on the connected account", async () => {
    const processor = createStripeProcessor();
    const bookingId = "4f0e8f5c-6a34-4d1b-9d3b-8b8a6f2e0d11";
    const intent = await processor.createIntent({ ...input, bookingId });
    expect(await processor.retrieveIntent({ connectedAccountId: account, intentId: intent.id })).toMatchObject({
      id: intent.id,
      status: "requires_payment_method",
    });
    expect(standIn().requests.at(-1)).toMatchObject({ method: "GET", path: `/v1/payment_intents/${intent.id}`, stripeAccount: account });

    const canceled = await processor.cancelIntent({ connectedAccountId: account, intentId: intent.id, bookingId });
    expect(canceled.status).toBe("canceled");
    expect(standIn().requests.at(-1)).toMatchObject({
      path: `/v1/payment_intents/${intent.id}/cancel`,
      stripeAccount: account,
      idempotencyKey: `pi-cancel:${bookingId}`,
      form: { cancellation_reason: "abandoned" },
    });

    const paid = await processor.createIntent({ ...input, bookingId: "7a1d2c3b-4e5f-4a6b-8c7d-9e0f1a2b3c4d" });
    standIn().setIntentStatus(paid.id, "succeeded");
    const refund = await processor.createRefund({ connectedAccountId: account, intentId: paid.id, paymentId: input.paymentId, attempt: 1, amountCents: 2063 });
    expect(refund).toMatchObject({ status: "pending", amountCents: 2063 });
    expect(standIn().requests.at(-1)).toMatchObject({
      path: "/v1/refunds",
      stripeAccount: account,
      idempotencyKey: `refund:${input.paymentId}:1`,
      form: { payment_intent: paid.id, amount: "2063" },
    });
    expect(await processor.listRefunds({ connectedAccountId: account, intentId: paid.id })).toEqual([refund]);
  });

  it("another account cannot see the intent", async () => {
    const processor = createStripeProcessor();
    const intent = await processor.createIntent({ ...input, bookingId: "5e6f7a8b-9c0d-4e1f-8a2b-3c4d5e6f7a8b" });
    await expect(processor.retrieveIntent({ connectedAccountId: "acct_other", intentId: intent.id })).rejects.toBeInstanceOf(ProcessorRefusedError);
  });

  it("Stripe down (5xx or connection dropped) is ProcessorUnavailableError; a refusal is ProcessorRefusedError", async () => {
    const processor = createStripeProcessor();
    const intent = await processor.createIntent({ ...input, bookingId: "8b9c0d1e-2f3a-4b5c-9d6e-7f8a9b0c1d2e" });
    standIn().setIntentStatus(intent.id, "succeeded");
    const cancel = processor.cancelIntent({ connectedAccountId: account, intentId: intent.id, bookingId: "8b9c0d1e-2f3a-4b5c-9d6e-7f8a9b0c1d2e" });
    await expect(cancel).rejects.toMatchObject({ name: "ProcessorRefusedError", code: "payment_intent_unexpected_state" });

    standIn().setMode("down");
    await expect(processor.retrieveIntent({ connectedAccountId: account, intentId: intent.id })).rejects.toBeInstanceOf(ProcessorUnavailableError);
    standIn().setMode("refuse");
    await expect(processor.createIntent({ ...input, bookingId: "9c0d1e2f-3a4b-4c5d-8e6f-7a8b9c0d1e2f" })).rejects.toBeInstanceOf(ProcessorUnavailableError);
  });
});
