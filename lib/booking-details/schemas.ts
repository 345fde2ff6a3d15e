import { z } from "zod";
import { BOOKING_STATUSES } from "@/lib/db/schema/bookings";
import { Uuid } from "@/lib/schemas";

/*
 * The booking as people read it (the read model bookings, notifications and webhooks share):
 * its status and the customer's answers. lib/bookings/schemas.ts builds the API's Booking
 * from them.
 */

export const BookingStatus = z.enum(BOOKING_STATUSES).meta({
  description:
    "pending: hold awaiting the 6-digit code; awaiting_payment: hold awaiting a card payment; confirmed; cancelled; expired: a hold that lapsed; no_show.",
});

/** One answer the customer gave, as the business reads it (see docs/business-notifications.md). */
export const BookingAnswer = z
  .object({
    question_id: Uuid.meta({ description: "The question answered; it may have been deleted since." }),
    label: z.string().meta({ description: "The question's label as the customer was asked it, even if the question was renamed or deleted since." }),
    value: z.string().meta({ description: 'The answer as given; a checkbox answers "true" or "false".' }),
  })
  .meta({ id: "BookingAnswer" });
export type BookingAnswer = z.infer<typeof BookingAnswer>;

export const BookingAnswers = z.array(BookingAnswer).meta({
  description:
    "The customer's answers to the business's questions, in the questions' order when the customer answered; [] when none. They stay with the booking through reschedules.",
});
