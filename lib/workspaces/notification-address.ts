import type { WorkspaceRow } from "@/lib/db/schema";

/**
 * Where the business's own emails about bookings go (see docs/business-notifications.md):
 * the contact email until the business sets notification_email; once set, what it set
 * (null: nowhere). Customers are told the business was informed exactly when this is not null.
 */
export function notificationAddress(workspace: Pick<WorkspaceRow, "notificationEmail" | "notificationEmailSet" | "contactEmail">): string | null {
  return workspace.notificationEmailSet ? workspace.notificationEmail : workspace.contactEmail;
}
