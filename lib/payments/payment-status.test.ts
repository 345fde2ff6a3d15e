import { describe, expect, it } from "vitest";
import { PAYMENT_STATUSES, type PaymentStatus } from "@/lib/db/schema/payments";
import { canMoveTo, nextStatusFromIntent, nextStatusFromRefunds, statusOfIntent, type IntentStatus, type ObservedRefund } from "./payment-status";

describe("statusOfIntent (docs/decisions.md#payments table)", () => {
  it.each<[IntentStatus, PaymentStatus]>([
    ["requires_payment_method", "requires_payment"],
    ["requires_confirmation", "requires_payment"],
    ["requires_action", "requires_payment"],
    ["processing", "processing"],
    ["requires_capture", "processing"],
    ["succeeded", "succeeded"],
    ["canceled", "canceled"],
  ])("%s → %s", (intent, status) => {
    expect(statusOfIntent(intent)).toBe(status);
  });
});

describe("nextStatusFromIntent: forward only", () => {
  it.each<[PaymentStatus, IntentStatus, PaymentStatus]>([
    ["initializing", "requires_payment_method", "requires_payment"],
    ["initializing", "succeeded", "succeeded"],
    ["requires_payment", "processing", "processing"],
    ["requires_payment", "succeeded", "succeeded"],
    ["requires_payment", "canceled", "canceled"],
    ["processing", "succeeded", "succeeded"],
    // Stale observations (an event that arrived late) change nothing.
    ["processing", "requires_payment_method", "processing"],
    ["succeeded", "processing", "succeeded"],
    ["succeeded", "requires_action", "succeeded"],
    ["succeeded", "canceled", "succeeded"],
    ["canceled", "succeeded", "canceled"],
    ["canceled", "requires_payment_method", "canceled"],
    // A refunded payment's intent still says succeeded: that is not a move back.
    ["refunded", "succeeded", "refunded"],
    ["partially_refunded", "succeeded", "partially_refunded"],
    ["refund_pending", "succeeded", "refund_pending"],
  ])("%s observing %s → %s", (current, intent, next) => {
    expect(nextStatusFromIntent(current, intent)).toBe(next);
  });

  it("never moves back to a status it passed", () => {
    const order: PaymentStatus[] = ["initializing", "requires_payment", "processing", "succeeded"];
    for (const [i, from] of order.entries()) for (const to of order.slice(0, i + 1)) expect(canMoveTo(from, to), `${from} → ${to}`).toBe(false);
  });

  it("refunded and canceled are terminal", () => {
    for (const to of PAYMENT_STATUSES) {
      expect(canMoveTo("refunded", to)).toBe(false);
      expect(canMoveTo("canceled", to)).toBe(false);
    }
  });
});

describe("nextStatusFromRefunds", () => {
  const paid = { status: "succeeded" as PaymentStatus, statusBeforeRefund: null, amountCents: 5000, amountRefundedCents: 0 };
  const refund = (status: ObservedRefund["status"], amountCents = 5000): ObservedRefund => ({ status, amountCents });

  it("a pending refund → refund_pending, remembering the status to return to", () => {
    expect(nextStatusFromRefunds(paid, [refund("pending")])).toEqual({
      status: "refund_pending",
      amountRefundedCents: 0,
      statusBeforeRefund: "succeeded",
      isRefundFailure: false,
    });
    expect(nextStatusFromRefunds(paid, [refund("requires_action")]).status).toBe("refund_pending");
  });

  it("a refund of the whole amount → refunded; of part → partially_refunded", () => {
    expect(nextStatusFromRefunds(paid, [refund("succeeded")])).toMatchObject({ status: "refunded", amountRefundedCents: 5000 });
    expect(nextStatusFromRefunds(paid, [refund("succeeded", 1250)])).toMatchObject({ status: "partially_refunded", amountRefundedCents: 1250 });
    const pending = { ...paid, status: "refund_pending" as PaymentStatus, statusBeforeRefund: "succeeded" as PaymentStatus };
    expect(nextStatusFromRefunds(pending, [refund("succeeded")])).toEqual({
      status: "refunded",
      amountRefundedCents: 5000,
      statusBeforeRefund: null,
      isRefundFailure: false,
    });
    const partly = { ...paid, status: "partially_refunded" as PaymentStatus, amountRefundedCents: 1250 };
    expect(nextStatusFromRefunds(partly, [refund("succeeded", 1250), refund("succeeded", 3750)])).toMatchObject({
      status: "refunded",
      amountRefundedCents: 5000,
    });
  });

  it("a failed or cancelled refund returns to the previous status and is flagged", () => {
    const pending = { ...paid, status: "refund_pending" as PaymentStatus, statusBeforeRefund: "succeeded" as PaymentStatus };
    expect(nextStatusFromRefunds(pending, [refund("failed")])).toEqual({
      status: "succeeded",
      amountRefundedCents: 0,
      statusBeforeRefund: null,
      isRefundFailure: true,
    });
    expect(nextStatusFromRefunds(pending, [refund("canceled")]).status).toBe("succeeded");
    const secondPending = {
      ...paid,
      status: "refund_pending" as PaymentStatus,
      statusBeforeRefund: "partially_refunded" as PaymentStatus,
      amountRefundedCents: 1000,
    };
    expect(nextStatusFromRefunds(secondPending, [refund("succeeded", 1000), refund("failed", 4000)])).toEqual({
      status: "partially_refunded",
      amountRefundedCents: 1000,
      statusBeforeRefund: null,
      isRefundFailure: true,
    });
  });

  it("a refund that succeeded and later failed puts the money back on the payment", () => {
    const refunded = { ...paid, status: "refunded" as PaymentStatus, amountRefundedCents: 5000 };
    expect(nextStatusFromRefunds(refunded, [refund("failed")])).toEqual({
      status: "succeeded",
      amountRefundedCents: 0,
      statusBeforeRefund: null,
      isRefundFailure: true,
    });
  });

  it("gives the same answer whatever order the events came in (the list is the truth)", () => {
    const list = [refund("succeeded", 2000), refund("pending", 3000)];
    const fromSucceeded = nextStatusFromRefunds(paid, list);
    expect(fromSucceeded).toMatchObject({ status: "refund_pending", amountRefundedCents: 2000 });
    const again = nextStatusFromRefunds({ ...paid, ...fromSucceeded }, list);
    expect(again).toMatchObject({ status: "refund_pending", amountRefundedCents: 2000, statusBeforeRefund: "succeeded" });
  });

  it("does nothing to a payment that took no money", () => {
    for (const status of ["initializing", "requires_payment", "processing", "canceled"] as PaymentStatus[]) {
      expect(nextStatusFromRefunds({ ...paid, status }, [refund("succeeded")]).status).toBe(status);
    }
  });

  it("no refunds on a paid payment: unchanged", () => {
    expect(nextStatusFromRefunds(paid, [])).toMatchObject({ status: "succeeded", isRefundFailure: false });
  });
});
