import type { CustomerRow, PaymentRow, ServiceRow, StaffRow, WorkspaceRow } from "@/lib/db/schema";
import type { Locale } from "@/lib/i18n/locales";

/** What every template renders from: the booking and its rows, loaded in the caller's transaction. */
export type BookingMessageData = {
  booking: { id: string; startsAt: Date; endsAt: Date; status: string; sequence: number; customerTimezone: string | null };
  /**
   * A series' one message (docs/series-and-waitlists.md#series): every occurrence it covers, first to last
   * (`booking` is the first). Absent for a message about one booking.
   */
  series?: SeriesDate[];
  /** docs/decisions.md#languages: the booking's customer.language, else the workspace's language. */
  locale: Locale;
  /** The customer's own BCP 47 locale when known (`en-US`): dates and times follow its region (lib/i18n/customer-locale.ts). */
  customerLocale: string | null;
  workspace: Pick<
    WorkspaceRow,
    "name" | "timezone" | "currency" | "contactEmail" | "contactPhone" | "confirmationNote" | "mapsUrl" | "websiteUrl" | "address" | "brandColor" | "logoUrl"
  >;
  service: Pick<ServiceRow, "name" | "durationMinutes" | "priceCents" | "minCancelNoticeMinutes">;
  staff: Pick<StaffRow, "name">;
  customer: Pick<CustomerRow, "name" | "email" | "phone">;
  /** The booking's payment, when it took one. */
  payment: Pick<PaymentRow, "status" | "amountCents" | "amountRefundedCents" | "currency"> | null;
  /** Cancellation only: what the cancellation refunds (everything not yet refunded), when it refunds. */
  refundCents?: number;
  /** `APP_URL/manage/{token}` while the booking has a live token; null after cancellation. */
  manageUrl: string | null;
  /** The 6-digit code, only for the verification message. */
  code?: string;
  /** The old start, only for the reschedule message. */
  previousStartsAt?: Date;
  previousEndsAt?: Date;
  /** When the message was composed (the ICS DTSTAMP). */
  now: Date;
  /** Cancellation only: who cancelled (the customer through their link, or the business), and the reason sent with the cancel. */
  cancelledBy?: "customer" | "business";
  cancelReason?: string | null;
  /** The workspace's booking page (`APP_URL/book/{slug}`): where a customer whose booking the business cancelled books again. */
  bookingPageUrl: string;
  /** The address mail is sent from: the calendar ORGANIZER when the business published no contact email. */
  senderEmail: string;
};

/** One occurrence a series' message lists, and its calendar event (the booking's id is the UID, as in the feed). */
export type SeriesDate = { id: string; startsAt: Date; endsAt: Date; sequence: number };

export type EmailAttachment = { filename: string; contentType: string; content: string };

export type EmailContent = { subject: string; text: string; html: string; attachments: EmailAttachment[] };
