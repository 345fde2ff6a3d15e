import type { ServiceContext } from "@/lib/context";
import type { PaymentStatus } from "@/lib/db/schema";
import { findPaymentForBooking } from "./sync-payment";

/** What a business reads of a booking's payment (docs/console.md#a-booking). */
export type BookingPaymentSummary = {
  status: PaymentStatus;
  amountCents: number;
  currency: string;
  amountRefundedCents: number;
  /** When the refunded sum last changed (the payment's last update), while anything is refunded. */
  refundedAt: Date | null;
  /** A refund is owed and not yet created at the processor (the refund sweep creates it). */
  isRefundDue: boolean;
};

/**
 * A booking's payment as stored (the row the processor's observations keep current), or null
 * when the booking has none; another workspace's booking has none either.
 */
export async function getBookingPayment({
  ctx,
  bookingId,
}: {
  ctx: Pick<ServiceContext, "db" | "workspace">;
  bookingId: string;
}): Promise<BookingPaymentSummary | null> {
  const payment = await findPaymentForBooking(ctx.db, { workspaceId: ctx.workspace.id, bookingId });
  if (!payment) return null;
  return {
    status: payment.status,
    amountCents: payment.amountCents,
    currency: payment.currency,
    amountRefundedCents: payment.amountRefundedCents,
    refundedAt: payment.amountRefundedCents > 0 ? payment.updatedAt : null,
    isRefundDue: payment.refundDueAt !== null,
  };
}
