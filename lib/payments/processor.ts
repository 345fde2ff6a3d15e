import type { IntentStatus, RefundStatus } from "./payment-status";

/**
 * The port to the payment processor: the few calls the payment flow makes, named in our
 * terms. Two implementations: Stripe Connect (direct charges on the business's connected
 * account, ./stripe-processor.ts) and the embedded test-mode processor (docs/decisions.md#settings,
 * ./test-processor.ts) that the dev tools settle. Every call is scoped to the connected
 * account, and every write carries an idempotency key derived from our own ids, so a call
 * that is retried (by a sweep, a second instance or a re-read) never makes a second charge,
 * cancel or refund.
 */
export type ProcessorKind = "stripe" | "test";

export type ProcessorIntent = {
  id: string;
  status: IntentStatus;
  amountCents: number;
  currency: string;
  clientSecret: string | null;
};

export type ProcessorRefund = {
  id: string;
  status: RefundStatus;
  amountCents: number;
};

export type CreateIntentInput = {
  connectedAccountId: string;
  bookingId: string;
  paymentId: string;
  workspaceId: string;
  amountCents: number;
  currency: string;
};

export type IntentRef = { connectedAccountId: string; intentId: string };

export type CreateRefundInput = IntentRef & {
  paymentId: string;
  /** Which refund of this payment (1, 2, …): part of the idempotency key. */
  attempt: number;
  amountCents: number;
};

export type PaymentProcessor = {
  kind: ProcessorKind;
  /** Automatic capture, cards and wallets only; idempotency key `pi-create:<bookingId>`. */
  createIntent(input: CreateIntentInput): Promise<ProcessorIntent>;
  retrieveIntent(input: IntentRef): Promise<ProcessorIntent>;
  /** `cancellation_reason: abandoned`; idempotency key `pi-cancel:<bookingId>`. */
  cancelIntent(input: IntentRef & { bookingId: string }): Promise<ProcessorIntent>;
  /** Idempotency key `refund:<paymentId>:<attempt>`. */
  createRefund(input: CreateRefundInput): Promise<ProcessorRefund>;
  /** Every refund of the intent, current: the truth the refund status is derived from. */
  listRefunds(input: IntentRef): Promise<ProcessorRefund[]>;
};

export const idempotencyKeys = {
  createIntent: (bookingId: string) => `pi-create:${bookingId}`,
  cancelIntent: (bookingId: string) => `pi-cancel:${bookingId}`,
  refund: (paymentId: string, attempt: number) => `refund:${paymentId}:${attempt}`,
};

/**
 * The processor could not be reached or could not answer now (network, 5xx, rate limit,
 * credentials or account access). The caller keeps its state and tries again later.
 */
export class ProcessorUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ProcessorUnavailableError";
  }
}

/** The processor answered and refused the request (e.g. cancelling an intent that already succeeded). */
export class ProcessorRefusedError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "ProcessorRefusedError";
  }
}
