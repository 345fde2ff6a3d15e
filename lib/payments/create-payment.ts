import type { Queryable } from "@/lib/db/client";
import { payments, type PaymentRow, type WorkspaceRow } from "@/lib/db/schema";
import { validationFailed } from "@/lib/errors";
import { computePaymentAmountCents } from "@/lib/services/payment-amount";
import { processorKindForNewPayments } from "./get-processor";
import { paymentRefusal, type PaymentTerms } from "./payment-possible";
import { ProcessorRefusedError, ProcessorUnavailableError } from "./processor";
import type { BookingPaymentIntent } from "./schemas";
import { toBookingPaymentIntent } from "./serialize";
import { findPaymentForBooking, syncPayment, type PaymentContext } from "./sync-payment";
import { logError } from "@/lib/log/logger";

/** A new booking of a paid service the workspace cannot charge for is refused before anything is written: 422 naming service_id. */
export function assertPaymentPossible(workspace: Pick<WorkspaceRow, "stripeAccountId">, service: PaymentTerms): void {
  const refusal = paymentRefusal(workspace, service);
  if (refusal) throw validationFailed("service_id", refusal);
}

/**
 * Inside the create transaction, once the booking row exists: the payment, `initializing`,
 * with the amount snapshotted now (later price changes never alter it), the workspace's
 * currency and connected account. Nothing for a service that takes no payment.
 */
export async function recordBookingPayment(
  tx: Queryable,
  input: { workspace: Pick<WorkspaceRow, "id" | "stripeAccountId" | "currency">; service: PaymentTerms; bookingId: string; now: Date },
): Promise<PaymentRow | undefined> {
  if (input.service.paymentMode === "none") return undefined;
  assertPaymentPossible(input.workspace, input.service);
  const [row] = await tx
    .insert(payments)
    .values({
      workspaceId: input.workspace.id,
      bookingId: input.bookingId,
      processor: processorKindForNewPayments()!,
      status: "initializing",
      amountCents: computePaymentAmountCents(input.service)!,
      currency: input.workspace.currency,
      connectedAccountId: input.workspace.stripeAccountId!,
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning();
  return row;
}

/**
 * After the create commits: the PaymentIntent on the connected account, and the create
 * response's `payment` block. When the processor cannot be reached (or refuses), the payment
 * stays `initializing`, the booking keeps its hold, and the block is absent: the client reads
 * GET /v1/public/bookings/{token}, which tries again and reports `payment_unavailable`.
 */
export async function startBookingPayment(ctx: PaymentContext, scope: { workspaceId: string; bookingId: string }): Promise<BookingPaymentIntent | undefined> {
  const payment = await findPaymentForBooking(ctx.db, scope);
  if (!payment) return undefined;
  try {
    return toBookingPaymentIntent((await syncPayment(ctx, payment)).payment);
  } catch (error) {
    if (!(error instanceof ProcessorUnavailableError || error instanceof ProcessorRefusedError)) throw error;
    logError(`[payments] intent for booking ${scope.bookingId} not created; it stays initializing`, error);
    return undefined;
  }
}
