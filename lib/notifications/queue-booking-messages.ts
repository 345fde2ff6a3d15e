import { eq } from "drizzle-orm";
import { getConfig } from "@/lib/config";
import type { Queryable } from "@/lib/db/client";
import { afterCommit } from "@/lib/db/transaction";
import { loadBookingDetails, type KnownBookingDetailsAndPayment } from "@/lib/booking-details/load-booking-details";
import { outboxMessages, payments } from "@/lib/db/schema";
import { unseal } from "@/lib/secrets/seal";
import { consumeSmsCredit } from "./consume-sms-credit";
import { queueBusinessMessage, type BusinessMessageInput } from "./queue-business-message";
import { renderCancellationEmail } from "./templates/cancellation";
import { renderConfirmationEmail } from "./templates/confirmation";
import type { BookingMessageData, EmailContent, SeriesDate } from "./templates/message-data";
import { renderReminderEmail } from "./templates/reminder";
import { renderRescheduleEmail } from "./templates/reschedule";
import { renderSms, type BookingMessageKind } from "./templates/sms";
import { renderVerificationCodeEmail } from "./templates/verification-code";
import { logError } from "@/lib/log/logger";

export type { BookingMessageKind } from "./templates/sms";

export type QueueBookingMessagesInput = {
  kind: BookingMessageKind;
  bookingId: string;
  /** The plain 6-digit code; required for `verification_code` (only its hash is stored). */
  code?: string;
  /** The start before a move; `reschedule` shows the old time beside the new one. */
  previousStartsAt?: Date;
  /** Cancellation only: who cancelled; the business's cancellation tells the customer so, with its reason and how to book again. */
  cancelledBy?: "customer" | "business";
  /** Cancellation only: the cancellation refunds the booking's payment (everything not yet refunded). */
  refunding?: boolean;
  /**
   * Reminders only (docs/decisions.md#reminders): the channels the workspace set. An SMS goes when asked for
   * and possible (SMS on, a phone, a credit); the email when asked for, or in place of an SMS
   * that cannot go. Other kinds always email, and text too when possible.
   */
  channels?: readonly ("email" | "sms")[];
  /**
   * A series' one message (docs/series-and-waitlists.md#series): the occurrences it covers, first to
   * last, `bookingId` the first. The message lists every date and its .ics holds one event per date.
   */
  series?: readonly SeriesDate[];
  /** What the caller holds of the booking's details and its payment (a create): then only its calendar is read. */
  known?: KnownBookingDetailsAndPayment;
  /**
   * Also tell the business (its notification address; see docs/business-notifications.md):
   * given by the callers whose change is a booking event (confirmed, moved, cancelled), once per event.
   */
  business?: Omit<BusinessMessageInput, "answers">;
  now: Date;
};

export type QueuedChannels = ("email" | "sms")[];

const RENDER_EMAIL: Record<BookingMessageKind, (data: BookingMessageData) => EmailContent> = {
  verification_code: renderVerificationCodeEmail,
  confirmation: renderConfirmationEmail,
  cancellation: renderCancellationEmail,
  reschedule: renderRescheduleEmail,
  reminder: renderReminderEmail,
};

/**
 * Writes the customer's messages about a booking to the outbox, in the caller's transaction
 * (so they exist exactly when the change commits); the outbox sweep sends them later, and a
 * failure to send never touches the booking. Always an email; also an SMS when the workspace
 * has SMS on, the customer gave a phone and the account still has a credit.
 */
export async function queueBookingMessages(tx: Queryable, input: QueueBookingMessagesInput): Promise<QueuedChannels> {
  // Both reads in one round trip.
  const { known } = input;
  const [row, [payment]] = await Promise.all([
    loadBookingDetails(tx, { bookingId: input.bookingId }, known),
    known ? (known.payment ? [known.payment] : []) : tx.select().from(payments).where(eq(payments.bookingId, input.bookingId)),
  ]);
  if (!row) throw new Error(`queueBookingMessages: booking ${input.bookingId} not found`);
  if (input.kind === "verification_code" && !input.code) throw new Error("queueBookingMessages: verification_code needs the code");

  const { booking, workspace, service, customer } = row;
  const previousEndsAt = input.previousStartsAt
    ? new Date(input.previousStartsAt.getTime() + (booking.endsAt.getTime() - booking.startsAt.getTime()))
    : undefined;
  const refundCents = input.refunding && payment ? payment.amountCents - payment.amountRefundedCents : undefined;
  const data: BookingMessageData = {
    booking: {
      id: booking.id,
      startsAt: booking.startsAt,
      endsAt: booking.endsAt,
      status: booking.status,
      sequence: booking.sequence,
      customerTimezone: booking.customerTimezone,
    },
    series: input.series?.map(({ id, startsAt, endsAt, sequence }) => ({ id, startsAt, endsAt, sequence })),
    // docs/decisions.md#languages: the language the customer booked in, else the business's.
    locale: booking.customerLanguage ?? workspace.language,
    customerLocale: booking.customerLocale,
    workspace,
    service,
    staff: row.staff,
    customer,
    payment: payment ?? null,
    refundCents,
    cancelledBy: input.cancelledBy,
    cancelReason: booking.cancelReason,
    bookingPageUrl: `${getConfig().appUrl}/book/${encodeURIComponent(workspace.slug)}`,
    manageUrl: readManageUrl(booking.accessTokenSealed),
    code: input.code,
    previousStartsAt: input.previousStartsAt,
    previousEndsAt,
    now: input.now,
    senderEmail: senderAddress(getConfig().emailFrom),
  };

  const wanted = input.channels ?? ["email", "sms"];
  const smsPossible = wanted.includes("sms") && workspace.smsEnabled && !!customer.phone;
  const sendSms = smsPossible && (await consumeSmsCredit(tx, workspace.accountId, input.now));
  const sendEmail = wanted.includes("email") || !sendSms;
  const queued: QueuedChannels = [];
  if (sendEmail) {
    const email = RENDER_EMAIL[input.kind](data);
    const rows = await tx
      .insert(outboxMessages)
      .values({
        workspaceId: workspace.id,
        bookingId: booking.id,
        channel: "email",
        kind: input.kind,
        recipient: "customer",
        to: customer.email,
        subject: email.subject,
        text: email.text,
        html: email.html,
        replyTo: workspace.contactEmail,
        attachments: email.attachments,
      })
      .returning({ id: outboxMessages.id });
    await announceQueued(tx, rows);
    queued.push("email");
  }
  if (sendSms) {
    const rows = await tx
      .insert(outboxMessages)
      .values({
        workspaceId: workspace.id,
        bookingId: booking.id,
        channel: "sms",
        kind: input.kind,
        recipient: "customer",
        to: customer.phone,
        text: renderSms(input.kind, data),
      })
      .returning({ id: outboxMessages.id });
    await announceQueued(tx, rows);
    queued.push("sms");
  }
  if (input.business) {
    await queueBusinessMessage(tx, { ...input.business, answers: known?.answers, data, workspace, cancelReason: booking.cancelReason });
  }
  return queued;
}

/** "Bookings <bookings@example.test>" → "bookings@example.test". */
function senderAddress(from: string): string {
  return from.match(/<([^>]+)>/)?.[1]?.trim() ?? from.trim();
}

async function announceQueued(tx: Queryable, rows: { id: string }[]): Promise<void> {
  for (const row of rows) await afterCommit(tx, { type: "message.queued", messageId: row.id });
}

/**
 * The link from the sealed token. A token sealed under another APP_SECRET cannot be read:
 * the message then goes without a link rather than failing the booking it belongs to.
 */
function readManageUrl(sealed: string | null): string | null {
  if (!sealed) return null;
  try {
    return manageUrl(unseal(sealed));
  } catch (error) {
    logError("queueBookingMessages: manage token could not be unsealed; sending without the link", error);
    return null;
  }
}

/** The customer's manage page: `APP_URL/manage/{token}`. */
export function manageUrl(token: string): string {
  return `${getConfig().appUrl}/manage/${encodeURIComponent(token)}`;
}
