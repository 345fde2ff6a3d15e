import { z } from "zod";
import { Uuid } from "@/lib/schemas";

export const AccountUsage = z
  .object({
    plan: z.string(),
    plan_step: z.number().int(),
    period_start: z.iso.date().meta({ description: "First day of the billing period (UTC calendar month)." }),
    period_end: z.iso.date().meta({ description: "Last day of the billing period, inclusive." }),
    bookings_this_month: z.number().int().meta({ description: "Bookings confirmed in the period; counted, never capped." }),
    active_workspaces: z.number().int(),
    max_active_workspaces: z.number().int(),
    staff: z.number().int().meta({ description: "Active calendars across all live workspaces." }),
    max_staff: z.number().int(),
    monthly_sms_credits: z.number().int(),
    sms_credits_remaining: z.number().int().meta({ description: "Monthly credits left this period; floor 0." }),
    sms_topup_balance: z.number().int(),
    extra_locations: z.number().int(),
  })
  .meta({ id: "AccountUsage" });
export type AccountUsage = z.infer<typeof AccountUsage>;

export const AccountWorkspace = z
  .object({
    id: Uuid,
    name: z.string(),
    slug: z.string(),
    timezone: z.string(),
    secret_key: z.string().optional().meta({ description: "Only on the create response, and only when with_secret_key was true and minting succeeded." }),
  })
  .meta({ id: "AccountWorkspace" });
export type AccountWorkspace = z.infer<typeof AccountWorkspace>;

export const WorkspaceIdParams = z.object({ id: Uuid });
