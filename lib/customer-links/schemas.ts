import { z } from "zod";
import { BookingStatus, CancelBookingBody, RescheduleBookingBody } from "@/lib/bookings/schemas";
import { BookingPaymentState } from "@/lib/payments/schemas";
import { DateTimeOutput, Language, Uuid } from "@/lib/schemas";
import { ServiceCustomer } from "@/lib/services/schemas";
import { PublicWorkspace } from "@/lib/public/schemas";
import { StaffCustomer } from "@/lib/staff/schemas";

/**
 * The token is the only credential. Any string is accepted here so that a malformed token
 * fails exactly like an unknown, expired or cancelled one: the same 404.
 */
export const PublicBookingParams = z.object({
  token: z.string().meta({ description: "The manage-link token from the create response or the confirmation email." }),
});

export const PublicBookingCustomer = z
  .object({
    name: z.string(),
    email: z.string(),
    phone: z.string().meta({ description: "E.164, or an empty string when the customer gave none." }),
    timezone: z.string().nullable().meta({ description: "The IANA zone the booking was made from; null when unknown." }),
    language: Language.nullable().meta({
      description: "The language the booking was made in; its messages are written in it. Null when not given: the workspace's language applies.",
    }),
  })
  .meta({ id: "PublicBookingCustomer" });

/** The series a booking belongs to, as its customer sees it: every date, and whether any can still be cancelled online. */
export const PublicBookingSeries = z
  .object({
    id: Uuid,
    count: z.number().int().meta({ description: "How many occurrences the series has." }),
    bookings: z.array(
      z.object({
        starts_at: DateTimeOutput.meta({ description: "In the business's timezone (its offset)." }),
        status: BookingStatus,
        current: z.boolean().meta({ description: "True for the booking this link manages." }),
      }),
    ),
    can_cancel_rest: z.boolean().meta({
      description:
        "True when POST …/cancel-series would cancel at least one occurrence now: one not yet started that can still be cancelled online (outside its notice window).",
    }),
  })
  .meta({ id: "PublicBookingSeries" });

export const PublicBookingDetails = z
  .object({
    id: Uuid,
    status: BookingStatus,
    starts_at: DateTimeOutput.meta({ description: "In the business's timezone (its offset)." }),
    ends_at: DateTimeOutput.meta({ description: "In the business's timezone (its offset)." }),
    service: ServiceCustomer,
    staff: StaffCustomer,
    customer: PublicBookingCustomer,
    can_cancel: z.boolean().meta({ description: "True exactly when POST …/cancel would succeed now." }),
    cancel_cutoff_passed: z.boolean().meta({
      description: "True when the notice window is the reason can_cancel is false; false for a past booking.",
    }),
    cancel_cutoff_minutes: z.number().int().meta({ description: "The service's notice in minutes; 0 keeps cancellation open until the start." }),
    can_reschedule: z.boolean().meta({
      description:
        "True exactly when POST …/reschedule to an open slot would succeed now (independent of can_cancel); always false while workspace.publishable_key is null.",
    }),
    hold_expires_at: DateTimeOutput.optional().meta({
      description: "UTC; present only while the booking is on a hold (pending or awaiting_payment). POST …/extend-hold renews it.",
    }),
    payment: BookingPaymentState.optional().meta({ description: "Absent when the booking took no payment." }),
    series: PublicBookingSeries.optional().meta({ description: "Present when the booking is one occurrence of a series (docs: Series and waitlists)." }),
  })
  .meta({ id: "PublicBookingDetails" });

/** What the manage page shows of the business, picked from the public workspace. */
export const PublicBookingWorkspace = PublicWorkspace.pick({
  slug: true,
  name: true,
  timezone: true,
  currency: true,
  vertical: true,
  publishable_key: true,
  blurb: true,
  terms_url: true,
  website_url: true,
  instagram_url: true,
  maps_url: true,
  confirmation_note: true,
  booking_policy: true,
  contact_email: true,
  contact_phone: true,
  address: true,
  brand_color: true,
  logo_url: true,
  logo_dark_url: true,
  theme: true,
})
  .extend({
    publishable_key: PublicWorkspace.shape.publishable_key.meta({
      description: "The workspace's usable pk_ key; null when it has none, in which case rescheduling is unavailable but viewing and cancelling work.",
    }),
    notifies_business: z.boolean().meta({
      description:
        "True when the business gets an email about the booking's changes (it has a notification address); the page then says the business was told.",
    }),
  })
  .meta({ id: "PublicBookingWorkspace" });

export const PublicBooking = z.object({ booking: PublicBookingDetails, workspace: PublicBookingWorkspace }).meta({ id: "PublicBooking" });
export type PublicBooking = z.infer<typeof PublicBooking>;

/** A customer gives a reason at most; refunds follow the business's rules, not the customer's say. */
export const CustomerCancelBody = CancelBookingBody.pick({ reason: true });
export type CustomerCancelBody = z.infer<typeof CustomerCancelBody>;

export const CustomerRescheduleBody = RescheduleBookingBody;
export type CustomerRescheduleBody = z.infer<typeof CustomerRescheduleBody>;
