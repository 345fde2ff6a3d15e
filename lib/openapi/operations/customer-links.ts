import { CustomerCancelBody, CustomerRescheduleBody, PublicBooking, PublicBookingParams } from "@/lib/customer-links/schemas";
import { defineOperation } from "../operation";

const TAG = "Customer links";
const TOKEN_NOTE =
  "No key: the manage-link token is the credential. An unknown token, an expired one (30 days after the booking ends) " +
  "and the token of a cancelled booking all give the same 404. Rate-limited with the other keyless /v1/public routes (30 per minute per IP).";

export const getPublicBooking = defineOperation({
  id: "getPublicBooking",
  method: "GET",
  path: "/v1/public/bookings/{token}",
  tag: TAG,
  summary: "Read a booking through its manage link",
  description:
    `${TOKEN_NOTE} Reading never changes anything (mail scanners prefetch links). can_cancel and can_reschedule are decided ` +
    "by the same rules as the calls, so each is true exactly when its call would succeed now. " +
    "An unsettled payment is first brought up to date with the processor: one that could not be set up at create is set up now " +
    "(so reading again is how a client retries), and payment_unavailable: true says the processor is still unreachable while the slot stays held.",
  auth: "public",
  params: PublicBookingParams,
  response: { status: 200, schema: PublicBooking },
  // Reading settles an unsettled payment (a write), so contention can answer 503.
  errors: ["not_found", "transient_failure"],
  rateLimit: "public",
});

export const cancelPublicBooking = defineOperation({
  id: "cancelPublicBooking",
  method: "POST",
  path: "/v1/public/bookings/{token}/cancel",
  tag: TAG,
  summary: "Cancel a booking through its manage link",
  description:
    `${TOKEN_NOTE} A pending, awaiting_payment or confirmed booking can be cancelled until starts_at − min_cancel_notice_minutes ` +
    "(with 0, until the start); after that 422 too_late_to_cancel. Any other status: 409 booking_not_cancellable. A paid booking is " +
    "refunded in full. The customer is emailed the cancellation only when the booking had been confirmed (or money is refunded): " +
    "giving back a pending or awaiting_payment hold sends nothing. Answers the public booking read after the change; the token stops working.",
  auth: "public",
  params: PublicBookingParams,
  body: CustomerCancelBody,
  response: { status: 200, schema: PublicBooking },
  errors: ["not_found", "too_late_to_cancel", "booking_not_cancellable"],
  rateLimit: "public",
});

export const cancelPublicSeries = defineOperation({
  id: "cancelPublicSeries",
  method: "POST",
  path: "/v1/public/bookings/{token}/cancel-series",
  tag: TAG,
  summary: "Cancel the rest of a series through a manage link",
  description:
    `${TOKEN_NOTE} For a booking that is one occurrence of a series (booking.series is present): every occurrence not yet started is cancelled ` +
    "as POST …/cancel would cancel it, each under its own notice rule (one inside its min_cancel_notice_minutes window is kept), each with its own " +
    "emails and booking.cancelled event. Not a series: 409 conflict. Answers the public booking read of this link's booking after the change " +
    "(series.bookings says which dates were kept); once that booking is cancelled its token stops working.",
  auth: "public",
  params: PublicBookingParams,
  body: CustomerCancelBody,
  response: { status: 200, schema: PublicBooking },
  errors: ["not_found", "conflict"],
  rateLimit: "public",
});

export const reschedulePublicBooking = defineOperation({
  id: "reschedulePublicBooking",
  method: "POST",
  path: "/v1/public/bookings/{token}/reschedule",
  tag: TAG,
  summary: "Move a booking through its manage link",
  description:
    `${TOKEN_NOTE} Only a confirmed booking moves (409 booking_not_confirmed), and only before the cancellation cutoff ` +
    "(422 too_late_to_reschedule), and never into its own notice window: a starts_at less than min_cancel_notice_minutes from now " +
    "(the booking could then no longer be cancelled or moved online, nor a deposit refunded) is refused with 422 too_late_to_reschedule, " +
    "param starts_at; a secret key may move it there. starts_at must be an offered slot (the booking itself does not block it; taken: 409 slot_unavailable); " +
    "the calendar is kept unless staff_id names another that offers the service. Answers the public booking read after the change. " +
    "A business with no usable publishable key (workspace.publishable_key null) offers no rescheduling: 403 forbidden.",
  auth: "public",
  params: PublicBookingParams,
  body: CustomerRescheduleBody,
  response: { status: 200, schema: PublicBooking },
  errors: ["not_found", "forbidden", "booking_not_confirmed", "too_late_to_reschedule", "slot_unavailable", "outside_working_hours"],
  rateLimit: "public",
});

export const extendPublicBookingHold = defineOperation({
  id: "extendPublicBookingHold",
  method: "POST",
  path: "/v1/public/bookings/{token}/extend-hold",
  tag: TAG,
  summary: "Give a live hold its full window again",
  description:
    `${TOKEN_NOTE} A booking on a live hold (pending: 10 minutes, awaiting_payment: 30) gets its full window again from now, at most twice ` +
    "(then 409 hold_extension_limit_reached), so a customer who needs more time can have it (WCAG 2.2.1). A lapsed hold: 409 hold_expired; " +
    "a booking not on a hold: 409 booking_not_pending. No body. Answers the public booking read with the new hold_expires_at.",
  auth: "public",
  params: PublicBookingParams,
  response: { status: 200, schema: PublicBooking },
  errors: ["not_found", "hold_expired", "hold_extension_limit_reached", "booking_not_pending"],
  rateLimit: "public",
});
