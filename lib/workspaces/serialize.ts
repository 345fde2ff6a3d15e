import type { WorkspaceRow } from "@/lib/db/schema";
import { toUtcIso } from "@/lib/time/zoned";
import { notificationAddress } from "./notification-address";
import type { WorkspaceSettings } from "./schemas";

export function toWorkspaceSettings(row: WorkspaceRow): WorkspaceSettings {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    timezone: row.timezone,
    currency: row.currency,
    slot_interval_minutes: row.slotIntervalMinutes,
    require_verification: row.requireVerification,
    sms_enabled: row.smsEnabled,
    allow_staff_choice: row.allowStaffChoice,
    vertical: row.vertical,
    language: row.language,
    booking_policy: row.bookingPolicy,
    contact_email: row.contactEmail,
    notification_email: notificationAddress(row),
    contact_phone: row.contactPhone,
    blurb: row.blurb,
    terms_url: row.termsUrl,
    website_url: row.websiteUrl,
    instagram_url: row.instagramUrl,
    maps_url: row.mapsUrl,
    address: row.address,
    confirmation_note: row.confirmationNote,
    social_title: row.socialTitle,
    social_description: row.socialDescription,
    refund_policy: row.refundPolicy,
    stripe_account_id: row.stripeAccountId,
    reminders: row.reminders,
    brand_color: row.brandColor,
    logo_url: row.logoUrl,
    logo_dark_url: row.logoDarkUrl,
    theme: row.theme,
    created_at: toUtcIso(row.createdAt),
  };
}
