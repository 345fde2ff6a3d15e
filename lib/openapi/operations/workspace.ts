import { UpdateWorkspaceBody, WorkspaceSettings, WorkspaceUsage } from "@/lib/workspaces/schemas";
import { defineOperation } from "../operation";

const SETTINGS_NOTES =
  "Plain-text fields (booking_policy, blurb, confirmation_note, social_title, social_description, refund_policy) are stored and returned exactly as sent. " +
  "URLs (terms_url, website_url, instagram_url, maps_url) must be http or https; contact_email an email address; contact_phone E.164; " +
  "currency an ISO 4217 code (stored lowercase); timezone an IANA zone (stored in its canonical spelling); " +
  "slot_interval_minutes 5 to 720 in steps of 5; vertical a lowercase word (general, salon, clinic, …) that selects wording only; " +
  "stripe_account_id a Stripe account id (acct_…); address plain text up to 500 characters (the calendar LOCATION of every .ics). " +
  "reminders: at most 3 of {minutes_before: 30 to 10080, channels: a non-empty subset of email and sms}, no two with the same minutes_before; " +
  "[] turns reminders off; a new workspace has [{minutes_before: 1440, channels: [email]}]. Each confirmed booking gets each reminder once at starts_at − minutes_before " +
  "(real elapsed minutes, whatever daylight saving does), never when cancelled, for its new time when moved, and not at all when that moment had passed when it was confirmed or moved. " +
  "The email's subject starts with Reminder:. An SMS needs sms_enabled, a customer phone and an SMS credit; otherwise the email goes in its place. " +
  "Every email has Reply-To: contact_email and Auto-Submitted: auto-generated; its .ics is an iTIP REQUEST (or CANCEL) with UID = booking id, a SEQUENCE that grows with each move and cancellation, ORGANIZER = the business and ATTENDEE = the customer. " +
  "notification_email: the business's own email for each booking confirmed, moved or cancelled (by the customer or by a secret key), in the workspace's language: " +
  "service, calendar, the time (and the previous time of a move) in the workspace's zone, the customer's name, email and phone, their answers, Reply-To: the customer, " +
  "and a PUBLISH .ics with UID = booking id. Until set it is contact_email (and follows it); once set it stays; null sends nothing, and the manage page then does not tell the customer the business was informed." +
  "brand_color (#rrggbb, stored lowercase), logo_url and logo_dark_url (https only; the dark one, optional, where the page is dark) and theme (light, dark or auto, the default: the customer's system setting) restyle the booking page, " +
  "the manage page, the widget and the emails at once; whatever the colour, the pages keep text at 4.5:1 and focus rings and borders at 3:1 in both themes, " +
  "using the colour itself for buttons (with white or black text, whichever reads) and a darker or lighter shade of it for text and links. " +
  "The widget's data-theme and data-brand-color override them for one embed.";

export const getWorkspaceSettings = defineOperation({
  id: "getWorkspaceSettings",
  method: "GET",
  path: "/v1/workspace",
  tag: "Workspace",
  summary: "Read the workspace settings",
  description: `The workspace the secret key belongs to. Every nullable field is present (null when unset). ${SETTINGS_NOTES}`,
  auth: "sk",
  response: { status: 200, schema: WorkspaceSettings },
  errors: [],
});

export const updateWorkspaceSettings = defineOperation({
  id: "updateWorkspaceSettings",
  method: "PATCH",
  path: "/v1/workspace",
  tag: "Workspace",
  summary: "Change the workspace settings",
  description:
    "Partial: omitted fields keep their value, null clears a nullable field, an empty body changes nothing. " +
    `A slug another workspace already has gives 409 conflict; slugs are lowercased. ${SETTINGS_NOTES}`,
  auth: "sk",
  body: UpdateWorkspaceBody,
  response: { status: 200, schema: WorkspaceSettings },
  errors: ["conflict", "validation_failed"],
});

export const getWorkspaceUsage = defineOperation({
  id: "getWorkspaceUsage",
  method: "GET",
  path: "/v1/usage",
  tag: "Workspace",
  summary: "Read this workspace's usage",
  description:
    "This workspace's contribution in the current billing period (the UTC calendar month): bookings confirmed, active calendars " +
    "and SMS queued or sent. No caps: plan caps are counted at the account (GET /v1/account/usage).",
  auth: "sk",
  response: { status: 200, schema: WorkspaceUsage },
  errors: [],
});
