import type { CustomerRow, ServiceRow, StaffRow, WorkspaceRow } from "@/lib/db/schema";

/** What every template renders from: the booking and its rows, loaded in the caller's transaction. */
export type BookingMessageData = {
  booking: { id: string; startsAt: Date; endsAt: Date; status: string; sequence: number; customerTimezone: string | null };
  workspace: Pick<WorkspaceRow, "name" | "timezone" | "contactEmail" | "contactPhone" | "confirmationNote" | "mapsUrl" | "websiteUrl" | "address">;
  service: Pick<ServiceRow, "name" | "durationMinutes">;
  staff: Pick<StaffRow, "name">;
  customer: Pick<CustomerRow, "name" | "email" | "phone">;
  /** `APP_URL/manage/{token}` while the booking has a live token; null after cancellation. */
  manageUrl: string | null;
  /** The 6-digit code, only for the verification message. */
  code?: string;
  /** The old start, only for the reschedule message. */
  previousStartsAt?: Date;
  previousEndsAt?: Date;
  /** When the message was composed (the ICS DTSTAMP). */
  now: Date;
  /** The address mail is sent from: the calendar ORGANIZER when the business published no contact email. */
  senderEmail: string;
};

export type EmailAttachment = { filename: string; contentType: string; content: string };

export type EmailContent = { subject: string; text: string; html: string; attachments: EmailAttachment[] };
