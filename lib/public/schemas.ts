import { z } from "zod";
import { Category } from "@/lib/categories/schemas";
import { Question } from "@/lib/questions/schemas";
import { ServiceCustomer } from "@/lib/services/schemas";
import { StaffCustomer } from "@/lib/staff/schemas";

/** Anything that cannot be a slug is simply not found. */
export const PublicWorkspaceParams = z.object({ slug: z.string().regex(/^[A-Za-z0-9-]{1,100}$/) });

/** The customer-facing workspace: no ids, no Stripe account, nothing internal. */
export const PublicWorkspace = z
  .object({
    slug: z.string(),
    name: z.string(),
    timezone: z.string().meta({ description: "IANA zone name." }),
    currency: z.string(),
    publishable_key: z.string().nullable().meta({ description: "The newest usable pk_ key (public by design); null when the workspace has none." }),
    require_verification: z.boolean().meta({ description: "Warns that a 6-digit code follows; must not decide the next screen." }),
    sms_enabled: z.boolean().meta({ description: "Phone stays optional regardless." }),
    vertical: z.string().meta({ description: "Selects wording only, never mechanics." }),
    booking_policy: z.string().nullable(),
    contact_email: z.string().nullable(),
    contact_phone: z.string().nullable(),
    blurb: z.string().nullable(),
    terms_url: z.string().nullable(),
    website_url: z.string().nullable(),
    instagram_url: z.string().nullable(),
    maps_url: z.string().nullable(),
    confirmation_note: z.string().nullable(),
    social_title: z.string().nullable().meta({ description: "For link previews; fall back to name when null." }),
    social_description: z.string().nullable(),
    allow_staff_choice: z.boolean().meta({ description: "When false, offer no calendar choice and send no staff_id." }),
    refund_policy: z.string().nullable().meta({ description: "Verbatim; disclose before a deposit service is chosen." }),
  })
  .meta({ id: "PublicWorkspace" });
export type PublicWorkspace = z.infer<typeof PublicWorkspace>;

export const PublicBootstrap = z
  .object({
    workspace: PublicWorkspace,
    services: z.array(ServiceCustomer).meta({ description: "Active services that at least one active calendar offers, in creation order." }),
    staff: z.array(StaffCustomer).meta({ description: "Active calendars that offer at least one listed service, in creation order." }),
    categories: z.array(Category).meta({ description: "In the business's order (position, ties by creation); always an array." }),
    questions: z.array(Question).meta({ description: "In the business's order; service_ids lists only services in `services`." }),
  })
  .meta({ id: "PublicBootstrap" });
export type PublicBootstrap = z.infer<typeof PublicBootstrap>;
