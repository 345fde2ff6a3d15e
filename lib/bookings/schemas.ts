import { z } from "zod";
import { BookingAnswer, BookingAnswers, BookingStatus } from "@/lib/booking-details/schemas";
import { BookingCustomer, CustomerInput } from "@/lib/customers/schemas";
import { DateTimeInput, DateTimeOutput, Language, ListEnvelope, PageQuery, Uuid } from "@/lib/schemas";
import { BookingPaymentIntent } from "@/lib/payments/schemas";
import { BookingAnswerInput } from "@/lib/questions/schemas";

export { BookingAnswer, BookingAnswers, BookingStatus };

// Series (docs/series-and-waitlists.md)
export const REPEAT_EVERY = ["week", "2_weeks", "4_weeks"] as const;
export const MIN_REPEAT_COUNT = 2;
export const MAX_REPEAT_COUNT = 26;

export const Repeat = z
  .object({
    every: z.enum(REPEAT_EVERY).meta({ description: "How far apart the occurrences are." }),
    count: z.number().int().min(MIN_REPEAT_COUNT).max(MAX_REPEAT_COUNT).meta({
      description: "How many occurrences, the first included (2–26); at most the service's repeat_max.",
    }),
  })
  .meta({ id: "Repeat" });
export type Repeat = z.infer<typeof Repeat>;

export const SeriesOccurrence = z.object({
  id: Uuid,
  starts_at: DateTimeOutput.meta({ description: "With the workspace's offset." }),
  status: BookingStatus,
});

export const BookingSeries = z
  .object({
    id: Uuid,
    count: z.number().int().meta({ description: "How many occurrences the series has." }),
    bookings: z.array(SeriesOccurrence),
  })
  .meta({ id: "BookingSeries" });
export type BookingSeries = z.infer<typeof BookingSeries>;

export const SeriesIdParams = z.object({ id: Uuid });
// End series

export const Booking = z
  .object({
    id: Uuid,
    staff_id: Uuid,
    service_id: Uuid,
    customer_id: Uuid,
    customer: BookingCustomer.optional().meta({ description: "The customer, on the secret-key view (every route a secret key calls)." }),
    starts_at: DateTimeOutput.meta({ description: "With the workspace's offset." }),
    ends_at: DateTimeOutput.meta({ description: "With the workspace's offset." }),
    status: BookingStatus,
    access_token: z.string().optional().meta({ description: "The customer's manage-link token; only on the response that creates the booking." }),
    hold_expires_at: DateTimeOutput.optional().meta({
      description: "UTC; present only while the booking is on a hold (10 minutes for a code, 30 for a card).",
    }),
    payment: BookingPaymentIntent.optional().meta({ description: "Only when the service takes a payment, and only on the create response." }),
    answers: BookingAnswers,
    created_at: DateTimeOutput.meta({ description: "UTC." }),
    // Series (docs/series-and-waitlists.md)
    series_id: Uuid.optional().meta({ description: "Present when the booking is one occurrence of a series (created with `repeat`)." }),
    series: BookingSeries.optional().meta({ description: "Only on the response that creates a series: every occurrence, first to last." }),
  })
  .meta({ id: "Booking" });
export type Booking = z.infer<typeof Booking>;

export { BookingAnswerInput };

export const CreateBookingBody = z.object({
  service_id: Uuid,
  staff_id: Uuid.nullable().optional().meta({ description: "When absent or null, an available calendar is chosen." }),
  starts_at: DateTimeInput.meta({ description: "Must be an open slot." }),
  customer: CustomerInput,
  answers: z.array(BookingAnswerInput).max(100).optional(),
  repeat: Repeat.optional().meta({
    description:
      "Book a series: every occurrence at the same local time in the workspace's zone, on one calendar, all or nothing (409 slot_unavailable with `unavailable` names the starts that cannot be booked). Refused for a paid service and above the service's repeat_max (422, param repeat).",
  }),
});
export type CreateBookingBody = z.infer<typeof CreateBookingBody>;

export const BookingIdParams = z.object({ id: Uuid });

/**
 * Verify takes any path id: an unknown or malformed id must fail exactly like a wrong code
 * (422 verification_failed), never with a telling 404.
 */
export const VerifyBookingParams = z.object({ id: z.string() });

export const VerifyBookingBody = z.object({
  code: z.string().max(64).meta({ description: "The 6-digit code sent to the customer." }),
  language: Language.optional().meta({
    description:
      "The language the customer reads the page in now (one switched after the booking was held): the confirmation and every later message are written in it. Absent: the language given at create is kept.",
  }),
});
export type VerifyBookingBody = z.infer<typeof VerifyBookingBody>;

export const VerifyBookingResponse = z.object({ status: z.literal("confirmed") }).meta({ id: "BookingVerified" });

export const ResendCodeParams = VerifyBookingParams;

export const ResendCodeResponse = z
  .object({
    status: z.literal("pending"),
    hold_expires_at: DateTimeOutput.meta({ description: "UTC; unchanged by the resend: a new code never extends the hold." }),
  })
  .meta({ id: "BookingCodeResent" });
export type ResendCodeResponse = z.infer<typeof ResendCodeResponse>;

/** The body may be omitted (an empty body reads as `{}`). */
export const CancelBookingBody = z.object({
  reason: z.string().max(1_000).optional(),
  refund: z.boolean().optional().meta({ description: "A paid booking is refunded in full unless this is false." }),
});
export type CancelBookingBody = z.infer<typeof CancelBookingBody>;

export const RescheduleBookingBody = z.object({
  starts_at: DateTimeInput.meta({ description: "Must be an open slot (the booking itself does not block it)." }),
  staff_id: Uuid.nullable().optional().meta({ description: "When absent or null the calendar is kept." }),
});
export type RescheduleBookingBody = z.infer<typeof RescheduleBookingBody>;

/** A query value sent once is a string, repeated an array (lib/http/route.ts). */
const OneOrMany = <T extends z.ZodType>(item: T) => z.union([item, z.array(item).max(20)]).transform((value) => (Array.isArray(value) ? value : [value]));

export const ListBookingsQuery = PageQuery.extend({
  status: OneOrMany(BookingStatus).optional().meta({ description: "Repeatable (status=confirmed&status=cancelled): bookings in any of these statuses." }),
  staff_id: Uuid.optional().meta({ description: "Only this calendar's bookings." }),
  service_id: Uuid.optional().meta({ description: "Only this service's bookings." }),
  from: DateTimeInput.optional().meta({
    description: "Bookings starting at or after this instant. With from or to, the list is ordered by starts_at ascending.",
  }),
  to: DateTimeInput.optional().meta({ description: "Bookings starting before this instant." }),
  q: z.string().trim().max(200).optional().meta({ description: "Part of the customer's name or email, case-insensitive." }),
});
export type ListBookingsQuery = z.infer<typeof ListBookingsQuery>;

export const BookingList = ListEnvelope(Booking).meta({ id: "BookingList" });
