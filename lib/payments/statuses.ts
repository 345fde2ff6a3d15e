/**
 * The payment statuses (the spec's), in a module of their own with no imports, so that client
 * pages can name them without bundling the database schema that stores them.
 */
export const PAYMENT_STATUSES = [
  "initializing",
  "requires_payment",
  "processing",
  "succeeded",
  "partially_refunded",
  "refunded",
  "refund_pending",
  "canceled",
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
