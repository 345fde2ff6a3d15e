import { z } from "zod";
import { Category } from "@/lib/categories/schemas";
import { Question } from "@/lib/questions/schemas";
import { ServiceCustomer } from "@/lib/services/schemas";
import { StaffCustomer } from "@/lib/staff/schemas";
import { WorkspaceSettings } from "@/lib/workspaces/schemas";

/** Anything that cannot be a slug is simply not found. */
export const PublicWorkspaceParams = z.object({ slug: z.string().regex(/^[A-Za-z0-9-]{1,100}$/) });

const profile = WorkspaceSettings.shape;

/** The customer-facing workspace, picked from the one profile: no ids, no Stripe account, nothing internal. */
export const PublicWorkspace = WorkspaceSettings.pick({
  slug: true,
  name: true,
  timezone: true,
  currency: true,
  require_verification: true,
  sms_enabled: true,
  vertical: true,
  booking_policy: true,
  contact_email: true,
  contact_phone: true,
  blurb: true,
  terms_url: true,
  website_url: true,
  instagram_url: true,
  maps_url: true,
  address: true,
  confirmation_note: true,
  social_title: true,
  social_description: true,
  allow_staff_choice: true,
  refund_policy: true,
  brand_color: true,
  logo_url: true,
  logo_dark_url: true,
  theme: true,
})
  .extend({
    publishable_key: z.string().nullable().meta({ description: "The newest usable pk_ key (public by design); null when the workspace has none." }),
    require_verification: profile.require_verification.meta({ description: "Warns that a 6-digit code follows; must not decide the next screen." }),
    sms_enabled: profile.sms_enabled.meta({ description: "Phone stays optional regardless." }),
    vertical: profile.vertical.meta({ description: "Selects wording only, never mechanics." }),
    social_title: profile.social_title.meta({ description: "For link previews; fall back to name when null." }),
    allow_staff_choice: profile.allow_staff_choice.meta({ description: "When false, offer no calendar choice and send no staff_id." }),
    refund_policy: profile.refund_policy.meta({ description: "Verbatim; disclose before a deposit service is chosen." }),
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
