import Link from "next/link";
import { notFound } from "next/navigation";
import { DateTime } from "luxon";
import { DomainError } from "@/lib/errors";
import { getBookingOrThrow } from "@/lib/bookings/get-booking";
import { readBooking } from "@/lib/bookings/read-booking";
import { getService } from "@/lib/services/get-service";
import { listStaff } from "@/lib/staff/list-staff";
import { listAuditEvents } from "@/lib/audit/list-audit-events";
import { listMessages } from "@/lib/notifications/list-messages";
import { listQuestions } from "@/lib/questions/list-questions";
import { bookingAction } from "../../../actions";
import { requireConsole } from "../../../_session";
import { StatusLabel } from "../../../_status";
import styles from "../../../console.module.css";
import { zoneName } from "../../../_zone";

export const dynamic = "force-dynamic";

type PageProps = { params: Promise<{ workspace: string; id: string }>; searchParams: Promise<{ confirm?: string; error?: string; done?: string }> };

const ERRORS: Record<string, string> = {
  booking_not_cancellable: "This booking can no longer be cancelled.",
  no_show_not_applicable: "Only a confirmed booking whose start has passed can be marked as a no-show.",
  booking_not_confirmed: "Only a confirmed booking's confirmation can be sent again.",
};

const DONE: Record<string, string> = {
  "resend-confirmation": "The confirmation email is on its way to the customer again.",
};

/** A message's delivery, in words (docs/console.md#a-booking). */
const DELIVERY: Record<string, string> = { pending: "waiting to send", sent: "sent", failed: "not delivered" };
/** The audit log's operation ids, as the history reads them. */
const ACTIONS: Record<string, string> = {
  createBooking: "Booked",
  confirmBooking: "Confirmed",
  cancelBooking: "Cancelled",
  rescheduleBooking: "Moved",
  markBookingNoShow: "Marked as a no-show",
  clearBookingNoShow: "No-show mark cleared",
  resendBookingConfirmation: "Confirmation sent again",
};
const KINDS: Record<string, string> = {
  confirmation: "Confirmation",
  reschedule: "Time changed",
  cancellation: "Cancellation",
  reminder: "Reminder",
  verification_code: "Verification code",
};

// GET /console/{workspace}/bookings/{id} – one booking: customer, answers, history and its actions.
export default async function BookingPage({ params, searchParams }: PageProps) {
  const { workspace: workspaceId, id } = await params;
  const { confirm, error, done } = await searchParams;
  const { ctx, access } = await requireConsole(workspaceId);
  const zone = access.workspace.timezone;
  let row;
  try {
    row = await getBookingOrThrow({ ctx, id });
  } catch (failure) {
    if (failure instanceof DomainError && failure.type === "not_found") notFound();
    throw failure;
  }
  const [booking, service, calendars, history, messages, questions] = await Promise.all([
    readBooking(ctx, row),
    getService({ ctx, id: row.serviceId }),
    listStaff({ ctx, page: { limit: 200 } }),
    listAuditEvents({ ctx, query: { target_id: id, limit: 50 } }),
    listMessages({ ctx, page: { limit: 50 }, filters: { booking_id: id } }),
    listQuestions({ ctx }),
  ]);
  // A checkbox's answer in words; a question deleted since shows the answer as given.
  const checkboxes = new Set(questions.filter((question) => question.type === "checkbox").map((question) => question.id));
  const answerText = (answer: { question_id: string; value: string }) =>
    checkboxes.has(answer.question_id) ? (answer.value === "true" ? "Yes" : "No") : answer.value;
  const calendar = calendars.data.find((c) => c.id === row.staffId);
  const when = (instant: Date) => DateTime.fromJSDate(instant, { zone }).toLocaleString(DateTime.DATETIME_MED_WITH_WEEKDAY);
  const hidden = (
    <>
      <input type="hidden" name="workspace" value={workspaceId} />
      <input type="hidden" name="booking" value={id} />
    </>
  );
  const cancellable = ["pending", "awaiting_payment", "confirmed"].includes(booking.status);
  const paid = service.row.paymentMode !== "none";
  return (
    <>
      <p>
        <Link href={`/console/${workspaceId}/bookings`}>Back to bookings</Link>
      </p>
      <h1>
        {service.row.name} · {booking.customer?.name}
      </h1>
      {error ? (
        <p className={styles.error} role="alert">
          {ERRORS[error] ?? "That could not be done."}
        </p>
      ) : null}
      {done && DONE[done] ? (
        <p className={styles.notice} role="status">
          {DONE[done]}
        </p>
      ) : null}
      <dl className={styles.facts}>
        <dt>Status</dt>
        <dd>
          <StatusLabel status={booking.status} />
        </dd>
        <dt>Service</dt>
        <dd>{service.row.name}</dd>
        <dt>Calendar</dt>
        <dd>{calendar?.name ?? "—"}</dd>
        <dt>Starts</dt>
        <dd>
          {when(row.startsAt)} ({zoneName(zone)})
        </dd>
        <dt>Ends</dt>
        <dd>
          {when(row.endsAt)} ({zoneName(zone)})
        </dd>
        <dt>Customer</dt>
        <dd>{booking.customer?.name}</dd>
        <dt>Email</dt>
        <dd>{booking.customer?.email}</dd>
        <dt>Phone</dt>
        <dd>{booking.customer?.phone ?? "—"}</dd>
        <dt>Payment</dt>
        <dd>{paid ? `${service.row.paymentMode} · ${((service.row.priceCents ?? 0) / 100).toFixed(2)}` : "No payment"}</dd>
      </dl>
      <h2>Answers</h2>
      {booking.answers.length === 0 ? (
        <p>No answers.</p>
      ) : (
        <dl className={styles.facts}>
          {booking.answers.map((answer) => (
            <div key={answer.question_id} style={{ display: "contents" }}>
              <dt>{answer.label}</dt>
              <dd>{answerText(answer)}</dd>
            </div>
          ))}
        </dl>
      )}
      <h2>Actions</h2>
      {confirm === "cancel" && cancellable ? (
        <form action={bookingAction} className={styles.actions} aria-labelledby="cancel-rule">
          {hidden}
          <input type="hidden" name="action" value="cancel" />
          <p id="cancel-rule">
            {paid
              ? "What the customer paid is refunded in full. The customer is emailed the cancellation."
              : "There is no payment to refund. The customer is emailed the cancellation."}
          </p>
          <button className={`${styles.button} ${styles.danger}`} type="submit">
            Cancel booking
          </button>
          <Link href={`/console/${workspaceId}/bookings/${id}`}>Keep the booking</Link>
        </form>
      ) : (
        <div className={styles.actions}>
          {cancellable ? (
            <Link className={`${styles.button} ${styles.danger}`} href={`/console/${workspaceId}/bookings/${id}?confirm=cancel`}>
              Cancel booking
            </Link>
          ) : null}
          {booking.status === "confirmed" ? (
            <Link className={`${styles.button} ${styles.secondary}`} href={`/console/${workspaceId}/bookings/${id}/reschedule`}>
              Reschedule
            </Link>
          ) : null}
          {booking.status === "confirmed" && row.startsAt <= ctx.clock.now() ? (
            <form action={bookingAction}>
              {hidden}
              <input type="hidden" name="action" value="no-show" />
              <button className={`${styles.button} ${styles.secondary}`} type="submit">
                Mark as no-show
              </button>
            </form>
          ) : null}
          {booking.status === "confirmed" ? (
            <form action={bookingAction}>
              {hidden}
              <input type="hidden" name="action" value="resend-confirmation" />
              <button className={`${styles.button} ${styles.secondary}`} type="submit">
                Resend confirmation
              </button>
            </form>
          ) : null}
          {booking.status === "no_show" ? (
            <form action={bookingAction}>
              {hidden}
              <input type="hidden" name="action" value="undo-no-show" />
              <button className={`${styles.button} ${styles.secondary}`} type="submit">
                Undo no-show
              </button>
            </form>
          ) : null}
        </div>
      )}
      <h2>History</h2>
      <ul className={styles.list}>
        <li>Created {when(row.createdAt)}</li>
        {history.data.map((event) => (
          <li key={event.id}>
            {ACTIONS[event.what] ?? event.what} by {event.who.name}, {when(new Date(event.when))}
          </li>
        ))}
      </ul>
      <h2>Messages</h2>
      {messages.data.length === 0 ? (
        <p>No messages yet.</p>
      ) : (
        <ul className={styles.list} aria-label="Messages about this booking, newest first">
          {messages.data.map((message) => (
            <li key={message.id}>
              <strong>{KINDS[message.kind] ?? message.kind}</strong> {message.channel === "sms" ? "SMS" : "email"} to{" "}
              {message.recipient === "business" ? "your team" : "the customer"}, written {when(new Date(message.created_at))}:{" "}
              {DELIVERY[message.status] ?? message.status}
              {message.sent_at ? ` ${when(new Date(message.sent_at))}` : ""}
              {message.status === "failed" && message.last_error ? ` (${message.last_error})` : ""}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
