import {
  Booking,
  BookingIdParams,
  BookingList,
  CancelBookingBody,
  CreateBookingBody,
  ListBookingsQuery,
  RescheduleBookingBody,
  ResendCodeParams,
  ResendCodeResponse,
  VerifyBookingBody,
  VerifyBookingParams,
  VerifyBookingResponse,
} from "@/lib/bookings/schemas";
import { defineOperation } from "../operation";

const TAG = "Bookings";

export const listBookings = defineOperation({
  id: "listBookings",
  method: "GET",
  path: "/v1/bookings",
  tag: TAG,
  summary: "List bookings",
  description: "Newest first by creation time (ties by id). next_cursor is null on the last page; a malformed cursor is a 422 naming cursor.",
  auth: "sk",
  query: ListBookingsQuery,
  response: { status: 200, schema: BookingList },
  errors: [],
});

export const createBooking = defineOperation({
  id: "createBooking",
  method: "POST",
  path: "/v1/bookings",
  tag: TAG,
  summary: "Create a booking",
  description: [
    "starts_at must be an open slot (read GET /v1/availability); when staff_id is absent the calendar with the fewest live bookings that local day takes it.",
    "The start state decides the next step: a paid service starts awaiting_payment (a 30-minute hold and a payment block);",
    "a paid service is bookable only once the workspace has a stripe_account_id (else 422 validation_failed, param service_id).",
    "When the payment processor cannot be reached, the booking is still created and held but the payment block is absent:",
    "read GET /v1/public/bookings/{token} with the access_token, which sets the payment up (payment.client_secret) or reports payment_unavailable: true.",
    "a workspace with require_verification starts pending (a 10-minute hold; a 6-digit code is sent; POST /v1/bookings/{id}/verify);",
    "otherwise the booking is confirmed at once (counting against the plan allowance: may answer 402).",
    "access_token (the customer's manage link) appears on this response only. A taken slot answers 409 slot_unavailable, also to the loser of a race.",
    "answers (each question applying to the service at most once; required ones must be answered) come back as answers: {question_id, label, value} in the questions' order.",
    "Idempotency-Key: recorded with the booking in one transaction; a repeat with the same body within 24 hours replays the first 2xx (the same booking and access_token) with Idempotent-Replayed: true,",
    "also after a server crash between the booking and its answer, and never makes a second booking; a simultaneous repeat waits for the first and replays it; another body gives 422 idempotency_mismatch.",
    "429 booking_volume_refused is a platform safety limit per account and billing period; retrying does not help.",
    "repeat {every, count} books a series: every occurrence at the same local time in the workspace's zone (across daylight-saving changes), on the first occurrence's calendar, under every service rule, all or nothing:",
    "when any occurrence cannot be booked, 409 slot_unavailable with unavailable: [starts_at, …] and nothing is created. The answer is the first booking with series {id, count, bookings}; every occurrence carries series_id.",
    "Under require_verification every occurrence is held and the one code sent confirms them all. Refused for a paid service and above the service's repeat_max (422 validation_failed, param repeat).",
  ].join(" "),
  auth: "sk_pk",
  body: CreateBookingBody,
  response: { status: 201, schema: Booking },
  errors: ["plan_limit_exceeded", "slot_unavailable", "outside_working_hours", "idempotency_mismatch", "booking_volume_refused"],
  rateLimit: "booking_create",
  idempotent: true,
});

export const getBooking = defineOperation({
  id: "getBooking",
  method: "GET",
  path: "/v1/bookings/{id}",
  tag: TAG,
  summary: "Retrieve a booking",
  description:
    "A hold whose window has passed reads as expired. answers are the customer's answers in the questions' order, each with the label it was asked under (also after the question was renamed or deleted).",
  auth: "sk",
  params: BookingIdParams,
  response: { status: 200, schema: Booking },
  errors: ["not_found"],
});

export const verifyBooking = defineOperation({
  id: "verifyBooking",
  method: "POST",
  path: "/v1/bookings/{id}/verify",
  tag: TAG,
  summary: "Confirm a pending booking with its 6-digit code",
  description:
    "A wrong code, an expired hold, too many attempts (5) and an unknown booking all answer the same 422 verification_failed. " +
    "Confirmation counts against the plan allowance (may answer 402)." +
    " Takes an Idempotency-Key: a repeat after a lost answer replays the first 2xx instead of answering as for a second attempt (which would be 422 verification_failed).",
  auth: "sk_pk",
  params: VerifyBookingParams,
  body: VerifyBookingBody,
  response: { status: 200, schema: VerifyBookingResponse },
  errors: ["plan_limit_exceeded", "verification_failed"],
  rateLimit: "booking_verify",
  idempotent: true,
});

export const resendBookingCode = defineOperation({
  id: "resendBookingCode",
  method: "POST",
  path: "/v1/bookings/{id}/resend-code",
  tag: TAG,
  summary: "Send a pending booking a new 6-digit code",
  description:
    "For a pending booking whose hold is live: sends a new code (the previous one stops working), restores the 5 attempts and leaves hold_expires_at unchanged. " +
    "At most 3 resends per booking. An unknown booking, a booking that is not pending, a lapsed hold and used-up resends all answer the same 422 verification_failed. No body.",
  auth: "sk_pk",
  params: ResendCodeParams,
  response: { status: 200, schema: ResendCodeResponse },
  errors: ["verification_failed"],
  rateLimit: "booking_resend_code",
});

export const confirmBooking = defineOperation({
  id: "confirmBooking",
  method: "POST",
  path: "/v1/bookings/{id}/confirm",
  tag: TAG,
  summary: "Confirm a pending booking without its code",
  description:
    "Only a pending booking whose hold is alive; otherwise 409 booking_not_pending. No body. Counts against the plan allowance (may answer 402)." +
    " Takes an Idempotency-Key: a repeat after a lost answer replays the first 2xx instead of answering as for a second attempt (which would be 409 booking_not_pending).",
  auth: "sk",
  params: BookingIdParams,
  response: { status: 200, schema: Booking },
  errors: ["not_found", "booking_not_pending", "plan_limit_exceeded"],
  idempotent: true,
});

export const cancelBooking = defineOperation({
  id: "cancelBooking",
  method: "POST",
  path: "/v1/bookings/{id}/cancel",
  tag: TAG,
  summary: "Cancel a booking",
  description:
    "A secret key cancels a pending, awaiting_payment or confirmed booking at any time (other statuses: 409 booking_not_cancellable). " +
    "The body may be omitted. The manage token stops working; booking.cancelled goes out when booking.created had, and the customer " +
    "is emailed the cancellation when the booking had been confirmed (or money is refunded)." +
    " Takes an Idempotency-Key: a repeat after a lost answer replays the first 2xx instead of answering as for a second attempt (which would be 409 booking_not_cancellable).",
  auth: "sk",
  params: BookingIdParams,
  body: CancelBookingBody,
  response: { status: 200, schema: Booking },
  errors: ["not_found", "booking_not_cancellable"],
  idempotent: true,
});

export const rescheduleBooking = defineOperation({
  id: "rescheduleBooking",
  method: "POST",
  path: "/v1/bookings/{id}/reschedule",
  tag: TAG,
  summary: "Move a confirmed booking",
  description:
    "The new start must be an open slot (the booking itself does not block it), checked under the service's current rules. " +
    "The id stays the same; the calendar is kept unless staff_id is given. Not confirmed: 409 booking_not_confirmed; taken: 409 slot_unavailable. " +
    "Emits booking.rescheduled with previous_starts_at." +
    " Takes an Idempotency-Key: a repeat after a lost answer replays the first 2xx instead of answering as for a second attempt (which would move the booking again and send booking.rescheduled twice).",
  auth: "sk",
  params: BookingIdParams,
  body: RescheduleBookingBody,
  response: { status: 200, schema: Booking },
  errors: ["not_found", "booking_not_confirmed", "slot_unavailable", "outside_working_hours"],
  idempotent: true,
});

export const markNoShow = defineOperation({
  id: "markBookingNoShow",
  method: "POST",
  path: "/v1/bookings/{id}/no-show",
  tag: TAG,
  summary: "Mark a booking as a no-show",
  description:
    "Only a confirmed booking whose start time has passed; otherwise 409 no_show_not_applicable. No body." +
    " Takes an Idempotency-Key: a repeat after a lost answer replays the first 2xx instead of answering as for a second attempt (which would be 409 no_show_not_applicable).",
  auth: "sk",
  params: BookingIdParams,
  response: { status: 200, schema: Booking },
  errors: ["not_found", "no_show_not_applicable"],
  idempotent: true,
});

export const resendConfirmation = defineOperation({
  id: "resendBookingConfirmation",
  method: "POST",
  path: "/v1/bookings/{id}/resend-confirmation",
  tag: TAG,
  summary: "Resend the confirmation email",
  description:
    "Queues the customer's confirmation email again, as it reads now (time, manage link, calendar file); email only, and the business is not notified." +
    " Only a confirmed booking; otherwise 409 booking_not_confirmed. No body; answers the booking, unchanged." +
    " Takes an Idempotency-Key: a repeat after a lost answer replays the first 2xx and sends no second email.",
  auth: "sk",
  params: BookingIdParams,
  response: { status: 200, schema: Booking },
  errors: ["not_found", "booking_not_confirmed"],
  idempotent: true,
});

export const clearNoShow = defineOperation({
  id: "clearBookingNoShow",
  method: "DELETE",
  path: "/v1/bookings/{id}/no-show",
  tag: TAG,
  summary: "Clear a no-show mark",
  description:
    "The booking returns to confirmed. A booking not marked no-show: 409 no_show_not_applicable." +
    " Takes an Idempotency-Key: a repeat after a lost answer replays the first 2xx instead of answering as for a second attempt (which would be 409 no_show_not_applicable).",
  auth: "sk",
  params: BookingIdParams,
  response: { status: 200, schema: Booking },
  errors: ["not_found", "no_show_not_applicable"],
  idempotent: true,
});
