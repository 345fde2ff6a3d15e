import { z } from "zod";
import { PlainText, Uuid } from "@/lib/schemas";

export const PAYMENT_MODES = ["none", "full", "deposit_fixed", "deposit_percent"] as const;
export const PaymentMode = z.enum(PAYMENT_MODES);
export type PaymentMode = z.infer<typeof PaymentMode>;

export const MAX_SERVICE_NAME_LENGTH = 200;
export const MAX_SERVICE_DESCRIPTION_LENGTH = 5_000;
export const MAX_DURATION_MINUTES = 1_440;
export const MAX_BUFFER_MINUTES = 1_440;
/** One year of notice or lead time is more than any business asks for. */
export const MAX_NOTICE_MINUTES = 525_600;
export const MAX_ADVANCE_DAYS = 730;
/** Seats per session of a group service (docs/group-sessions.md). */
export const MAX_CAPACITY = 500;
/** The most occurrences a series may have (docs/series-and-waitlists.md). */
export const MAX_REPEAT_COUNT = 26;
const RepeatMax = z.number().int().min(0).max(MAX_REPEAT_COUNT);
/** A written max_advance_days of 0 is stored as this (spec "Limits"). */
export const DEFAULT_MAX_ADVANCE_DAYS = 60;
/** Stripe's largest single charge in two-decimal currencies. */
export const MAX_AMOUNT_CENTS = 99_999_999;

const minutes = (max: number) => z.number().int().min(0).max(max);
const cents = z.number().int().min(1, "must be above zero (send null for no amount)").max(MAX_AMOUNT_CENTS);

/**
 * The writable service shape, shared by create and full replace. Optional fields take their
 * zero value when omitted (0, or null); payment_mode must always be sent (payment rule 1).
 * The cross-field payment rules 2–6 are checked by `checkPaymentRules`.
 */
export const ServiceBody = z.object({
  name: z.string().trim().min(1).max(MAX_SERVICE_NAME_LENGTH),
  duration_minutes: z.number().int().min(1).max(MAX_DURATION_MINUTES),
  buffer_before_minutes: minutes(MAX_BUFFER_MINUTES).optional(),
  buffer_after_minutes: minutes(MAX_BUFFER_MINUTES).optional(),
  min_lead_minutes: minutes(MAX_NOTICE_MINUTES).optional(),
  max_advance_days: z
    .number()
    .int()
    .min(0)
    .max(MAX_ADVANCE_DAYS)
    .optional()
    .meta({ description: `How far ahead a customer can book; 0 (or omitted) is stored as ${DEFAULT_MAX_ADVANCE_DAYS}.` }),
  min_cancel_notice_minutes: minutes(MAX_NOTICE_MINUTES).optional(),
  price_cents: cents.nullable().optional().meta({ description: "Null (or omitted): no published price. Never 0." }),
  description: PlainText(MAX_SERVICE_DESCRIPTION_LENGTH).nullable().optional(),
  payment_mode: PaymentMode.meta({ description: "Required: omitting it is refused, it is not the same as `none`." }),
  deposit_amount_cents: cents.nullable().optional(),
  deposit_percent: z.number().int().min(1).max(100).nullable().optional(),
  capacity: z
    .number()
    .int()
    .min(1)
    .max(MAX_CAPACITY)
    .optional()
    .meta({
      description: `Seats per session, 1–${MAX_CAPACITY}; omitted (also on replace) means 1. Above 1 it is a group service (a class, a workshop, a tour): the bookings at one start on one calendar share one session, which holds up to this many; lowering it keeps every booking and offers no seat until there is room.`,
    }),
  repeat_max: RepeatMax.optional().meta({
    description: `The most occurrences a series of this service may have (0–${MAX_REPEAT_COUNT}); omitted (also on replace) means 0: no repeat. Above 0 the hosted flow offers "Repeat every …" and a create's repeat.count may not pass it.`,
  }),
});
export type ServiceBody = z.infer<typeof ServiceBody>;

export const ServiceFull = z
  .object({
    id: Uuid,
    name: z.string(),
    duration_minutes: z.number().int(),
    buffer_before_minutes: z.number().int(),
    buffer_after_minutes: z.number().int(),
    min_lead_minutes: z.number().int(),
    max_advance_days: z.number().int(),
    min_cancel_notice_minutes: z.number().int(),
    active: z.boolean(),
    price_cents: z.number().int().nullable(),
    description: z.string().nullable(),
    payment_mode: PaymentMode,
    deposit_amount_cents: z.number().int().nullable(),
    deposit_percent: z.number().int().nullable(),
    capacity: z.number().int().meta({ description: "Seats per session; 1 is one booking per start and calendar." }),
    repeat_max: z.number().int().meta({ description: "The most occurrences a series may have; 0: no repeat." }),
    payment_amount_cents: z.number().int().nullable().meta({
      description:
        "What is paid at booking time, computed by the server (a deposit percent rounds half up). Null for `none`, and when no amount can be computed (such a service cannot be booked).",
    }),
  })
  .meta({ id: "Service" });
export type ServiceFull = z.infer<typeof ServiceFull>;

/** A list item: the full view plus its category and the calendars that offer it. */
export const ServiceListItem = ServiceFull.extend({
  category_id: Uuid.nullable(),
  staff_ids: z.array(Uuid).meta({ description: "Calendars offering the service (active or not), in calendar creation order." }),
}).meta({ id: "ServiceWithLinks" });
export type ServiceListItem = z.infer<typeof ServiceListItem>;

export const ServiceCustomer = z
  .object({
    id: Uuid,
    name: z.string(),
    duration_minutes: z.number().int(),
    price_cents: z.number().int().nullable(),
    description: z.string().nullable(),
    payment_mode: PaymentMode,
    payment_amount_cents: z.number().int().nullable(),
    category_id: Uuid.nullable(),
    capacity: z.number().int().meta({ description: "Seats per session; above 1, availability slots carry seats_left." }),
    repeat_max: z.number().int().meta({ description: "The most occurrences a series may have; 0: the service is not booked as a series." }),
    max_advance_days: z.number().int().meta({
      description:
        "How far ahead it can be booked: a start is offered while starts_at ≤ now + max_advance_days × 24 h. Booking pages stop their calendars there.",
    }),
    min_cancel_notice_minutes: z.number().int().meta({
      description:
        "How long before the start customers can still cancel or move a confirmed booking online (0: until the start). Booking pages warn before a time already inside it is booked.",
    }),
    bookable: z.boolean().meta({
      description:
        "Whether a customer can book it now. False for a paid service whose amount cannot be computed or whose payment the business cannot take yet (no stripe_account_id); availability then lists no slots for it and a create is refused (422, param service_id).",
    }),
  })
  .meta({ id: "ServiceCustomerView" });
export type ServiceCustomer = z.infer<typeof ServiceCustomer>;

export const ServiceIdParams = z.object({ id: Uuid });

export const MAX_STAFF_PER_SERVICE = 500;

export const ServiceStaffBody = z.object({
  staff_ids: z.array(Uuid).max(MAX_STAFF_PER_SERVICE).meta({ description: "The whole set; an empty array makes the service unbookable." }),
});
export type ServiceStaffBody = z.infer<typeof ServiceStaffBody>;

export const ServiceStaffResponse = z.object({ staff_ids: z.array(Uuid) }).meta({ id: "ServiceStaff" });

export const ServiceCategoryBody = z.object({
  category_id: Uuid.nullable().meta({ description: "A category of this workspace, or null for uncategorised." }),
});
export type ServiceCategoryBody = z.infer<typeof ServiceCategoryBody>;
