import type { ServiceRow, WorkspaceRow } from "@/lib/db/schema";
import { computePaymentAmountCents } from "@/lib/services/payment-amount";
import { processorKindForNewPayments } from "./get-processor";

export type PaymentTerms = Pick<ServiceRow, "paymentMode" | "priceCents" | "depositAmountCents" | "depositPercent">;

/**
 * Why this workspace cannot take this service's payment for a new booking, or null when it
 * can (or the service takes none). A paid service needs an amount the spec can compute, the
 * workspace's connected processor account (`stripe_account_id`; any `acct_…` value in test
 * mode) and a processor on this server (Stripe keys, or the test-mode processor while dev
 * tools are on). Availability, the booking page and booking creation all ask this one question.
 */
export function paymentRefusal(workspace: Pick<WorkspaceRow, "stripeAccountId">, service: PaymentTerms): string | null {
  if (service.paymentMode === "none") return null;
  if (computePaymentAmountCents(service) === null) return "This service's payment terms give no amount; it cannot be booked.";
  if (!workspace.stripeAccountId) return "This service takes a card payment and the business has not connected a payment account (stripe_account_id) yet.";
  if (processorKindForNewPayments() === null) return "This service takes a card payment and payments are not set up on this server.";
  return null;
}
