/**
 * The booking statuses (the spec's), in a module of their own with no imports, so that client
 * pages can name them without bundling the database schema that stores them.
 */
export const BOOKING_STATUSES = ["pending", "awaiting_payment", "confirmed", "cancelled", "expired", "no_show"] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];
