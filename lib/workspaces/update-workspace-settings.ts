import { eq } from "drizzle-orm";
import type { Ctx } from "@/lib/context";
import { workspaces, type WorkspaceRow } from "@/lib/db/schema";
import { isPgError, PG_UNIQUE_VIOLATION } from "@/lib/db/errors";
import { conflict } from "@/lib/errors";
import type { UpdateWorkspaceBody } from "./schemas";

/** Body field → column; PATCH writes only what was sent. */
const COLUMNS = {
  name: "name",
  slug: "slug",
  timezone: "timezone",
  currency: "currency",
  slot_interval_minutes: "slotIntervalMinutes",
  require_verification: "requireVerification",
  sms_enabled: "smsEnabled",
  allow_staff_choice: "allowStaffChoice",
  vertical: "vertical",
  language: "language",
  booking_policy: "bookingPolicy",
  contact_email: "contactEmail",
  notification_email: "notificationEmail",
  contact_phone: "contactPhone",
  blurb: "blurb",
  terms_url: "termsUrl",
  website_url: "websiteUrl",
  instagram_url: "instagramUrl",
  maps_url: "mapsUrl",
  address: "address",
  confirmation_note: "confirmationNote",
  social_title: "socialTitle",
  social_description: "socialDescription",
  refund_policy: "refundPolicy",
  stripe_account_id: "stripeAccountId",
  reminders: "reminders",
  brand_color: "brandColor",
  logo_url: "logoUrl",
  logo_dark_url: "logoDarkUrl",
  theme: "theme",
} as const satisfies Record<keyof UpdateWorkspaceBody, keyof WorkspaceRow>;

/** Partial update of the settings; a slug another workspace holds is a 409 conflict. */
export async function updateWorkspaceSettings({ ctx, input }: { ctx: Ctx; input: UpdateWorkspaceBody }): Promise<WorkspaceRow> {
  const changes: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(COLUMNS)) {
    const value = input[field as keyof UpdateWorkspaceBody];
    if (value !== undefined) changes[column] = value;
  }
  // Once the business names its notification address (or turns it off), it stops following contact_email.
  if (input.notification_email !== undefined) changes.notificationEmailSet = true;
  const where = eq(workspaces.id, ctx.workspace.id);
  if (Object.keys(changes).length === 0) {
    const [row] = await ctx.db.select().from(workspaces).where(where);
    return row!;
  }
  try {
    const [row] = await ctx.db
      .update(workspaces)
      .set({ ...changes, updatedAt: ctx.clock.now() })
      .where(where)
      .returning();
    return row!;
  } catch (error) {
    if (isPgError(error, PG_UNIQUE_VIOLATION)) throw conflict(`The slug ${String(input.slug)} is taken. Choose another.`);
    throw error;
  }
}
