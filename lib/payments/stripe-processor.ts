import Stripe from "stripe";
import { getConfig } from "@/lib/config";
import type { IntentStatus, RefundStatus } from "./payment-status";
import {
  idempotencyKeys,
  ProcessorRefusedError,
  ProcessorUnavailableError,
  type PaymentProcessor,
  type ProcessorIntent,
  type ProcessorRefund,
} from "./processor";

/** One Stripe call may not hold a request (or a sweep) longer than this. */
const STRIPE_TIMEOUT_MS = 10_000;

type StripeSettings = { secretKey: string; apiBase: string | undefined };

let cached: { settings: StripeSettings; client: Stripe } | undefined;

/**
 * The app's stripe-node client, from `getConfig().stripe`. STRIPE_API_BASE points it at
 * another host (the tests' local stand-in). No automatic network retries: every write is
 * retried by our own code with the same idempotency key, and a read that fails is reported
 * as `payment_unavailable` rather than stalling the customer.
 */
export function getStripeClient(): Stripe {
  const stripe = getConfig().stripe;
  if (!stripe) throw new Error("Stripe is not configured (STRIPE_SECRET_KEY)");
  const settings: StripeSettings = { secretKey: stripe.secretKey, apiBase: stripe.apiBase };
  if (cached && cached.settings.secretKey === settings.secretKey && cached.settings.apiBase === settings.apiBase) return cached.client;
  const client = new Stripe(settings.secretKey, { ...hostOptions(settings.apiBase), maxNetworkRetries: 0, timeout: STRIPE_TIMEOUT_MS, telemetry: false });
  cached = { settings, client };
  return client;
}

function hostOptions(apiBase: string | undefined): Pick<Stripe.StripeConfig, "host" | "port" | "protocol"> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: url.port ? Number(url.port) : protocol === "http" ? 80 : 443, protocol };
}

/**
 * Direct charges: every call names the business's connected account (`Stripe-Account`), so
 * the business is the merchant and its balance pays refunds and disputes.
 */
export function createStripeProcessor(stripe: Stripe = getStripeClient()): PaymentProcessor {
  return {
    kind: "stripe",
    async createIntent(input) {
      const intent = await call(() =>
        stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: input.currency,
            // Cards (and the wallets that ride on them: Apple Pay, Google Pay) only, so no bank debit
            // sits in processing for days. API 2026-10-28 names this allowed_payment_method_types
            // (the older payment_method_types); card payments never redirect.
            allowed_payment_method_types: ["card"],
            capture_method: "automatic",
            metadata: { booking_id: input.bookingId, payment_id: input.paymentId, workspace_id: input.workspaceId },
          },
          { stripeAccount: input.connectedAccountId, idempotencyKey: idempotencyKeys.createIntent(input.bookingId) },
        ),
      );
      return toIntent(intent);
    },
    async retrieveIntent({ connectedAccountId, intentId }) {
      return toIntent(await call(() => stripe.paymentIntents.retrieve(intentId, {}, { stripeAccount: connectedAccountId })));
    },
    async cancelIntent({ connectedAccountId, intentId, bookingId }) {
      const intent = await call(() =>
        stripe.paymentIntents.cancel(
          intentId,
          { cancellation_reason: "abandoned" },
          { stripeAccount: connectedAccountId, idempotencyKey: idempotencyKeys.cancelIntent(bookingId) },
        ),
      );
      return toIntent(intent);
    },
    async createRefund(input) {
      const refund = await call(() =>
        stripe.refunds.create(
          { payment_intent: input.intentId, amount: input.amountCents, metadata: { payment_id: input.paymentId } },
          { stripeAccount: input.connectedAccountId, idempotencyKey: idempotencyKeys.refund(input.paymentId, input.attempt) },
        ),
      );
      return toRefund(refund);
    },
    async listRefunds({ connectedAccountId, intentId }) {
      const refunds: ProcessorRefund[] = [];
      // Paged explicitly (not autoPagingEach) so one slow page fails the whole read at once.
      let startingAfter: string | undefined;
      for (;;) {
        const page = await call(() =>
          stripe.refunds.list(
            { payment_intent: intentId, limit: 100, ...(startingAfter ? { starting_after: startingAfter } : {}) },
            { stripeAccount: connectedAccountId },
          ),
        );
        refunds.push(...page.data.map(toRefund));
        if (!page.has_more || page.data.length === 0) return refunds;
        startingAfter = page.data[page.data.length - 1]!.id;
      }
    },
  };
}

function toIntent(intent: Stripe.PaymentIntent): ProcessorIntent {
  return {
    id: intent.id,
    status: intent.status as IntentStatus,
    amountCents: intent.amount,
    currency: intent.currency,
    clientSecret: intent.client_secret ?? null,
  };
}

function toRefund(refund: Stripe.Refund): ProcessorRefund {
  return { id: refund.id, status: (refund.status ?? "pending") as RefundStatus, amountCents: refund.amount };
}

/** Stripe's errors in the port's two kinds: try again later, or refused for good. */
async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw new ProcessorUnavailableError("Stripe request failed", { cause: error });
    if (
      error instanceof Stripe.errors.StripeInvalidRequestError ||
      error instanceof Stripe.errors.StripeCardError ||
      error instanceof Stripe.errors.StripeIdempotencyError
    ) {
      throw new ProcessorRefusedError(error.message, error.code, { cause: error });
    }
    // Connection, API (5xx), rate limit, authentication and permission (e.g. an account that was disconnected).
    throw new ProcessorUnavailableError(`Stripe unavailable: ${error.type}: ${error.message}`, { cause: error });
  }
}
