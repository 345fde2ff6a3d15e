import type { WorkspaceRow } from "@/lib/db/schema";
import type { PublicWorkspace } from "./schemas";

/** Plain-text fields go out exactly as stored; rendering them as text is the client's job. */
export function toPublicWorkspace(row: WorkspaceRow, publishableKey: string | null): PublicWorkspace {
  return {
    slug: row.slug,
    name: row.name,
    timezone: row.timezone,
    currency: row.currency,
    publishable_key: publishableKey,
    require_verification: row.requireVerification,
    sms_enabled: row.smsEnabled,
    vertical: row.vertical,
    booking_policy: row.bookingPolicy,
    contact_email: row.contactEmail,
    contact_phone: row.contactPhone,
    blurb: row.blurb,
    terms_url: row.termsUrl,
    website_url: row.websiteUrl,
    instagram_url: row.instagramUrl,
    maps_url: row.mapsUrl,
    confirmation_note: row.confirmationNote,
    social_title: row.socialTitle,
    social_description: row.socialDescription,
    allow_staff_choice: row.allowStaffChoice,
    refund_policy: row.refundPolicy,
  };
}
