import type { UpdateWorkspaceBody, WorkspaceSettings } from "@/lib/workspaces/schemas";
import type { Locale } from "@/lib/i18n/locales";

/**
 * The workspace settings a Settings page edits, one entry per field of `PATCH /v1/workspace`
 * (docs/console.md#settings). The action builds the PATCH body from the page's own fields only,
 * so a form never sends what it does not show.
 */
export type FieldKind = "text" | "email" | "url" | "tel" | "textarea" | "select" | "checkbox" | "number" | "color";
export type SettingsField = {
  name: keyof UpdateWorkspaceBody & keyof WorkspaceSettings;
  kind: FieldKind;
  /** An empty value clears the field (null), as the API's PATCH does. */
  nullable?: boolean;
  options?: readonly string[];
};

/** Where a field's label, hint and option names are (console.settings in lib/i18n/messages). */
export const LABELS = {
  fields: "console.settings.fields",
  hints: "console.settings.hints",
  themes: "console.settings.themes",
  languages: "console.settings.languages",
} as const;

const LANGUAGES = ["en", "es", "fr", "de", "pt", "ar"] as const satisfies readonly Locale[];

const ZONES = Intl.supportedValuesOf("timeZone");
const CURRENCIES = Intl.supportedValuesOf("currency").map((code) => code.toLowerCase());

export const PROFILE_FIELDS: SettingsField[] = [
  { name: "name", kind: "text" },
  { name: "slug", kind: "text" },
  { name: "contact_email", kind: "email", nullable: true },
  { name: "contact_phone", kind: "tel", nullable: true },
  { name: "timezone", kind: "select", options: ZONES },
  { name: "language", kind: "select", options: LANGUAGES },
  { name: "currency", kind: "select", options: CURRENCIES },
  { name: "vertical", kind: "text" },
  { name: "blurb", kind: "textarea", nullable: true },
  { name: "website_url", kind: "url", nullable: true },
  { name: "terms_url", kind: "url", nullable: true },
  { name: "instagram_url", kind: "url", nullable: true },
  { name: "maps_url", kind: "url", nullable: true },
  { name: "address", kind: "textarea", nullable: true },
  { name: "booking_policy", kind: "textarea", nullable: true },
  { name: "refund_policy", kind: "textarea", nullable: true },
  { name: "confirmation_note", kind: "textarea", nullable: true },
  { name: "social_title", kind: "text", nullable: true },
  { name: "social_description", kind: "textarea", nullable: true },
  { name: "slot_interval_minutes", kind: "number" },
  { name: "allow_staff_choice", kind: "checkbox" },
  { name: "stripe_account_id", kind: "text", nullable: true },
];

export const NOTIFICATION_FIELDS: SettingsField[] = [
  { name: "notification_email", kind: "email", nullable: true },
  { name: "require_verification", kind: "checkbox" },
  { name: "sms_enabled", kind: "checkbox" },
];

export const BRAND_FIELDS: SettingsField[] = [
  { name: "brand_color", kind: "color", nullable: true },
  { name: "logo_url", kind: "url", nullable: true },
  { name: "logo_dark_url", kind: "url", nullable: true },
  { name: "theme", kind: "select", options: ["auto", "light", "dark"] },
];

export const SETTINGS_SECTIONS = { profile: PROFILE_FIELDS, notifications: NOTIFICATION_FIELDS, brand: BRAND_FIELDS } as const;
export type SettingsSection = keyof typeof SETTINGS_SECTIONS;

/** Up to three reminder rows on the notifications page (docs/decisions.md#reminders). */
export const REMINDER_ROWS = 3;

/** One field's value from a posted form, as the API's JSON would carry it. */
export function fieldValue(field: SettingsField, form: FormData): unknown {
  if (field.kind === "checkbox") return form.get(field.name) === "on";
  const raw = String(form.get(field.name) ?? "");
  if (field.kind === "number") return raw.trim() === "" ? raw : Number(raw);
  if (field.nullable && raw.trim() === "") return null;
  return raw;
}

/** The reminder rows of the notifications form; a row without minutes is no reminder. */
export function remindersFrom(form: FormData): unknown[] {
  const rows: unknown[] = [];
  for (let index = 0; index < REMINDER_ROWS; index += 1) {
    const minutes = String(form.get(`reminder.${index}.minutes_before`) ?? "").trim();
    if (minutes === "") continue;
    const channels = ["email", "sms"].filter((channel) => form.get(`reminder.${index}.${channel}`) === "on");
    rows.push({ minutes_before: Number(minutes), channels });
  }
  return rows;
}
