import type { PublicBooking } from "@/lib/customer-links/schemas";

/** GET /v1/public/bookings/{token} (spec "Public booking read"), as the API declares it. */
export type PublicBookingRead = PublicBooking;
