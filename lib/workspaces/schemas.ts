import { z } from "zod";
import { DateTimeOutput, E164Phone, Email, HttpUrl, IanaTimezone, Language, PlainText, Uuid } from "@/lib/schemas";
import { THEMES } from "@/lib/db/schema/workspaces";
import { SLUG_PATTERN } from "./slug";

export const MIN_SLOT_INTERVAL_MINUTES = 5;
export const MAX_SLOT_INTERVAL_MINUTES = 720;
/** Steps are whole multiples of 5 minutes, so slots land on times people read easily. */
export const SLOT_INTERVAL_STEP_MINUTES = 5;

export const SlotIntervalMinutes = z
  .number()
  .int()
  .min(MIN_SLOT_INTERVAL_MINUTES)
  .max(MAX_SLOT_INTERVAL_MINUTES)
  .multipleOf(SLOT_INTERVAL_STEP_MINUTES, "must be a multiple of 5 minutes")
  .meta({ description: "Step between offered starts, counted from the start of each working-hours block: 5 to 720, a multiple of 5." });

export const Slug = z
  .string()
  .trim()
  .toLowerCase()
  .regex(SLUG_PATTERN, "must be 1 to 64 lowercase letters, digits and inner hyphens")
  .meta({ example: "studio-north" });

const CURRENCIES = new Set(Intl.supportedValuesOf("currency").map((code) => code.toLowerCase()));

/** ISO 4217, stored lowercase like Stripe (`EUR` → `eur`). */
export const Currency = z
  .string()
  .trim()
  .toLowerCase()
  .refine((code) => CURRENCIES.has(code), "must be an ISO 4217 currency code such as eur")
  .meta({ example: "eur" });

/** A wording key for the booking pages (general, salon, clinic, …); it never changes mechanics. */
export const Vertical = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,31}$/, "must be a lowercase word such as general, salon or clinic")
  .meta({ example: "general" });

export const TEXT_LIMITS = {
  name: 200,
  bookingPolicy: 5_000,
  blurb: 2_000,
  confirmationNote: 2_000,
  socialTitle: 200,
  socialDescription: 500,
  refundPolicy: 5_000,
  address: 500,
} as const;

export const MIN_REMINDER_MINUTES = 30;
export const MAX_REMINDER_MINUTES = 10_080;
export const MAX_REMINDERS = 3;

export const ReminderChannel = z.enum(["email", "sms"]);

/** One reminder: how long before the appointment (real elapsed minutes) and over which channels. */
export const Reminder = z
  .object({
    minutes_before: z
      .number()
      .int()
      .min(MIN_REMINDER_MINUTES)
      .max(MAX_REMINDER_MINUTES)
      .meta({ description: "Real elapsed minutes before the start (30 to 10080, a week); daylight saving does not shift it." }),
    channels: z
      .array(ReminderChannel)
      .min(1)
      .max(2)
      .refine((channels) => new Set(channels).size === channels.length, "must not repeat a channel")
      .meta({
        description:
          'Non-empty subset of "email" and "sms". An SMS needs sms_enabled, a customer phone and a credit; without them the customer gets the email instead.',
      }),
  })
  .meta({ id: "Reminder" });

/** docs/decisions.md#reminders: at most 3, no two at the same minutes_before; [] turns reminders off. */
export const Reminders = z
  .array(Reminder)
  .max(MAX_REMINDERS)
  .superRefine((reminders, ctx) => {
    const seen = new Set<number>();
    reminders.forEach((reminder, index) => {
      if (seen.has(reminder.minutes_before)) {
        ctx.addIssue({ code: "custom", path: [index, "minutes_before"], message: "must differ from the other reminders' minutes_before" });
      }
      seen.add(reminder.minutes_before);
    });
  })
  .meta({
    description:
      "Reminders sent before each confirmed appointment: at most 3, no two with the same minutes_before; [] turns them off. A new workspace has one email a day before.",
  });

/** `#rrggbb`, stored lowercase; the pages derive every brand shade from it (docs/brand.md). */
export const BrandColor = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, "must be a colour written #rrggbb, such as #0f766e")
  .transform((color) => color.toLowerCase())
  .meta({ example: "#0f766e" });

/** Shown on the pages and in emails, so only https (a mixed-content image would be blocked). */
export const LogoUrl = z
  .url({ protocol: /^https$/, error: "must be an https URL" })
  .max(2048)
  .meta({ format: "uri", example: "https://studio.example/logo.png" });

export const Theme = z.enum(THEMES).meta({
  id: "Theme",
  description: "light or dark for every customer; auto (the default) follows the customer's system setting.",
  example: "auto",
});

export const StripeAccountId = z
  .string()
  .regex(/^acct_[0-9A-Za-z_]{1,255}$/, "must be a Stripe account id such as acct_1A2b3C")
  .meta({ example: "acct_1A2b3C" });

/**
 * The workspace settings resource (GET/PATCH /v1/workspace), and the one declaration of the
 * workspace's profile: the customer-facing views (lib/public, lib/customer-links) pick from
 * it. Plain-text fields are returned exactly as stored; every nullable field is present
 * (null when unset).
 */
export const WorkspaceSettings = z
  .object({
    id: Uuid,
    name: z.string(),
    slug: z.string(),
    timezone: z.string().meta({ description: "IANA zone name." }),
    currency: z.string().meta({ description: "ISO 4217, lowercase." }),
    slot_interval_minutes: z.number().int(),
    require_verification: z.boolean(),
    sms_enabled: z.boolean(),
    allow_staff_choice: z.boolean(),
    vertical: z.string(),
    language: Language.meta({
      description:
        "The business's language: its booking pages use it when the customer's browser prefers none of the supported languages, and messages use it when a booking carries no customer.language. New workspaces: en.",
    }),
    booking_policy: z.string().nullable(),
    contact_email: z.string().nullable(),
    notification_email: z.string().nullable().meta({
      description:
        "Where the business gets an email, in the workspace's language, each time a booking is confirmed, moved or cancelled (with the customer's answers and an .ics). Until set, the contact_email; null sends nothing, and customers are then not told the business was informed.",
    }),
    contact_phone: z.string().nullable().meta({ description: "E.164." }),
    blurb: z.string().nullable(),
    terms_url: z.string().nullable(),
    website_url: z.string().nullable(),
    instagram_url: z.string().nullable(),
    maps_url: z.string().nullable(),
    address: z.string().nullable().meta({ description: "Where appointments take place; shown in emails and reminders and used as the calendar LOCATION." }),
    confirmation_note: z.string().nullable(),
    social_title: z.string().nullable(),
    social_description: z.string().nullable(),
    refund_policy: z.string().nullable(),
    stripe_account_id: z.string().nullable(),
    reminders: z.array(Reminder).meta({ description: "Reminders sent before each confirmed appointment." }),
    brand_color: z.string().nullable().meta({
      description:
        "The business's colour, #rrggbb (lowercase); null: the default blue. Buttons, links and focus rings on its pages, widget and emails are derived from it, adjusted so text keeps 4.5:1 and rings and borders 3:1 in both themes.",
      example: "#0f766e",
    }),
    logo_url: z
      .string()
      .nullable()
      .meta({ description: "An https image shown at the top of the pages and emails, with the business's name as its alternative text." }),
    logo_dark_url: z.string().nullable().meta({
      description:
        "An https image shown instead of logo_url where the page is dark (theme dark, or auto on a customer's dark system); null: logo_url on every page. Emails always use logo_url.",
    }),
    theme: Theme,
    created_at: DateTimeOutput,
  })
  .meta({ id: "WorkspaceSettings" });
export type WorkspaceSettings = z.infer<typeof WorkspaceSettings>;

/** PATCH is partial: omitted fields keep their value; null clears a nullable field. */
export const UpdateWorkspaceBody = z.object({
  name: z.string().trim().min(1).max(TEXT_LIMITS.name).optional(),
  slug: Slug.optional().meta({ description: "409 conflict when another workspace has it." }),
  timezone: IanaTimezone.optional(),
  currency: Currency.optional(),
  slot_interval_minutes: SlotIntervalMinutes.optional(),
  require_verification: z.boolean().optional(),
  sms_enabled: z.boolean().optional(),
  allow_staff_choice: z.boolean().optional(),
  vertical: Vertical.optional(),
  language: Language.optional(),
  booking_policy: PlainText(TEXT_LIMITS.bookingPolicy).nullable().optional(),
  contact_email: Email.nullable().optional(),
  notification_email: Email.nullable()
    .optional()
    .meta({ description: "null turns the business's booking emails off. Once set, it no longer follows contact_email." }),
  contact_phone: E164Phone.nullable().optional(),
  blurb: PlainText(TEXT_LIMITS.blurb).nullable().optional(),
  terms_url: HttpUrl.nullable().optional(),
  website_url: HttpUrl.nullable().optional(),
  instagram_url: HttpUrl.nullable().optional(),
  maps_url: HttpUrl.nullable().optional(),
  address: PlainText(TEXT_LIMITS.address).nullable().optional(),
  confirmation_note: PlainText(TEXT_LIMITS.confirmationNote).nullable().optional(),
  social_title: PlainText(TEXT_LIMITS.socialTitle).nullable().optional(),
  social_description: PlainText(TEXT_LIMITS.socialDescription).nullable().optional(),
  refund_policy: PlainText(TEXT_LIMITS.refundPolicy).nullable().optional(),
  stripe_account_id: StripeAccountId.nullable().optional(),
  reminders: Reminders.optional(),
  brand_color: BrandColor.nullable().optional(),
  logo_url: LogoUrl.nullable().optional(),
  logo_dark_url: LogoUrl.nullable().optional(),
  theme: Theme.optional(),
});
export type UpdateWorkspaceBody = z.infer<typeof UpdateWorkspaceBody>;

export const WorkspaceUsage = z
  .object({
    period_start: z.iso.date().meta({ description: "First day of the billing period (UTC calendar month)." }),
    period_end: z.iso.date().meta({ description: "Last day of the billing period, inclusive." }),
    bookings_this_month: z.number().int().meta({ description: "This workspace's bookings confirmed in the period; counted, never capped." }),
    staff: z.number().int().meta({ description: "This workspace's active calendars." }),
    sms_sent_this_month: z.number().int().meta({ description: "SMS this workspace queued or sent in the period (failed ones excluded)." }),
  })
  .meta({ id: "WorkspaceUsage" });
export type WorkspaceUsage = z.infer<typeof WorkspaceUsage>;

/** POST /v1/account/workspaces: a new workspace under the account. */
export const CreateWorkspaceBody = z.object({
  name: z.string().trim().min(1).max(200),
  timezone: IanaTimezone,
  slot_interval_minutes: SlotIntervalMinutes.optional(),
  staff_name: z.string().trim().min(1).max(200).optional(),
  with_secret_key: z.boolean().optional(),
});
export type CreateWorkspaceBody = z.infer<typeof CreateWorkspaceBody>;
