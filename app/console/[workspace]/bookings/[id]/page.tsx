import Link from "next/link";
import { notFound } from "next/navigation";
import { DateTime } from "luxon";
import { getTranslations } from "next-intl/server";
import { resolveFormattingLocale } from "@/lib/i18n/page-locale";
import { DomainError } from "@/lib/errors";
import { getBookingOrThrow } from "@/lib/bookings/get-booking";
import { readBooking } from "@/lib/bookings/read-booking";
import { getService } from "@/lib/services/get-service";
import { listStaff } from "@/lib/staff/list-staff";
import { listAuditEvents } from "@/lib/audit/list-audit-events";
import { listMessages } from "@/lib/notifications/list-messages";
import { listQuestions } from "@/lib/questions/list-questions";
import { listSeriesBookings } from "@/lib/bookings/series-bookings";
import { toBookingSeries } from "@/lib/bookings/serialize";
import { formatMoney } from "@/lib/booking-pages/format";
import { getBookingPayment } from "@/lib/payments/get-booking-payment";
import { refundOnCancelCents } from "@/lib/payments/refund-rule";
import type { PaymentStatus } from "@/lib/payments/statuses";
import { bookingAction } from "../../../actions";
import { requireConsole } from "../../../_session";
import { StatusLabel, statusLabels } from "../../../_status";
import styles from "../../../console.module.css";
import { zoneName } from "../../../_zone";

export const dynamic = "force-dynamic";

type PageProps = { params: Promise<{ workspace: string; id: string }>; searchParams: Promise<{ confirm?: string; error?: string; done?: string }> };

/** The error codes the buttons' action can come back with, each said in words. */
const ERROR_CODES = ["booking_not_cancellable", "no_show_not_applicable", "booking_not_confirmed"];

// GET /console/{workspace}/bookings/{id} – one booking: customer, answers, history and its actions.
export default async function BookingPage({ params, searchParams }: PageProps) {
  const { workspace: workspaceId, id } = await params;
  const { confirm, error, done } = await searchParams;
  const { ctx, access } = await requireConsole(workspaceId);
  const zone = access.workspace.timezone;
  const [t, locale, zoneLabel] = await Promise.all([getTranslations("console.booking"), resolveFormattingLocale(), zoneName(zone)]);
  let row;
  try {
    row = await getBookingOrThrow({ ctx, id });
  } catch (failure) {
    if (failure instanceof DomainError && failure.type === "not_found") notFound();
    throw failure;
  }
  const [booking, service, calendars, history, messages, questions, payment, seriesRows, paymentStatuses, statusNames] = await Promise.all([
    readBooking(ctx, row),
    getService({ ctx, id: row.serviceId }),
    listStaff({ ctx, page: { limit: 200 } }),
    listAuditEvents({ ctx, query: { target_id: id, limit: 50 } }),
    listMessages({ ctx, page: { limit: 50 }, filters: { booking_id: id } }),
    listQuestions({ ctx }),
    getBookingPayment({ ctx, bookingId: id }),
    row.seriesId ? listSeriesBookings(ctx.db, { workspaceId: ctx.workspace.id, seriesId: row.seriesId }) : Promise.resolve([]),
    paymentStatusLabels(),
    statusLabels(),
  ]);
  // The series as the API answers it (docs/decisions.md#series): each occurrence's start and status.
  const series = row.seriesId ? toBookingSeries({ id: row.seriesId, bookings: seriesRows }, { timezone: zone, now: ctx.clock.now() }) : null;
  const money = (cents: number) => (payment ? formatMoney(cents, payment.currency, locale) : "");
  const refundOnCancel = payment
    ? refundOnCancelCents({ status: payment.status, amount_cents: payment.amountCents, amount_refunded_cents: payment.amountRefundedCents })
    : 0;
  // A checkbox's answer in words; a question deleted since shows the answer as given.
  const checkboxes = new Set(questions.filter((question) => question.type === "checkbox").map((question) => question.id));
  const answerText = (answer: { question_id: string; value: string }) =>
    checkboxes.has(answer.question_id) ? (answer.value === "true" ? t("yes") : t("no")) : answer.value;
  const calendar = calendars.data.find((c) => c.id === row.staffId);
  const when = (instant: Date) => DateTime.fromJSDate(instant, { zone }).setLocale(locale).toLocaleString(DateTime.DATETIME_MED_WITH_WEEKDAY);
  // The audit log's operation ids and the messages' kinds, as the history reads them.
  const actions: Record<string, string> = {
    createBooking: t("audit.createBooking"),
    confirmBooking: t("audit.confirmBooking"),
    cancelBooking: t("audit.cancelBooking"),
    rescheduleBooking: t("audit.rescheduleBooking"),
    markBookingNoShow: t("audit.markBookingNoShow"),
    clearBookingNoShow: t("audit.clearBookingNoShow"),
    resendBookingConfirmation: t("audit.resendBookingConfirmation"),
  };
  const kinds: Record<string, string> = {
    confirmation: t("kind.confirmation"),
    reschedule: t("kind.reschedule"),
    cancellation: t("kind.cancellation"),
    reminder: t("kind.reminder"),
    verification_code: t("kind.verification_code"),
  };
  // A message's delivery, in words (docs/console.md#a-booking).
  const delivery = (message: { status: string; sent_at: string | null }) =>
    message.status === "sent"
      ? t("delivery.sent", { when: message.sent_at ? when(new Date(message.sent_at)) : "" })
      : message.status === "pending"
        ? t("delivery.pending")
        : message.status === "failed"
          ? t("delivery.failed")
          : message.status;
  const hidden = (
    <>
      <input type="hidden" name="workspace" value={workspaceId} />
      <input type="hidden" name="booking" value={id} />
    </>
  );
  const cancellable = ["pending", "awaiting_payment", "confirmed"].includes(booking.status);
  return (
    <>
      <p>
        <Link href={`/console/${workspaceId}/bookings`}>{t("back")}</Link>
      </p>
      <h1>
        {service.row.name} · {booking.customer?.name}
      </h1>
      {error ? (
        <p className={styles.error} role="alert">
          {ERROR_CODES.includes(error) ? t(`errors.${error}`) : t("errors.other")}
        </p>
      ) : null}
      {done === "resend-confirmation" ? (
        <p className={styles.notice} role="status">
          {t("resent")}
        </p>
      ) : null}
      <dl className={styles.facts}>
        <dt>{t("status")}</dt>
        <dd>
          <StatusLabel status={booking.status} labels={statusNames} />
        </dd>
        <dt>{t("service")}</dt>
        <dd>{service.row.name}</dd>
        <dt>{t("calendar")}</dt>
        <dd>{calendar?.name ?? "—"}</dd>
        <dt>{t("starts")}</dt>
        <dd>
          {when(row.startsAt)} ({zoneLabel})
        </dd>
        <dt>{t("ends")}</dt>
        <dd>
          {when(row.endsAt)} ({zoneLabel})
        </dd>
        <dt>{t("customer")}</dt>
        <dd>{booking.customer?.name}</dd>
        <dt>{t("email")}</dt>
        <dd>{booking.customer?.email}</dd>
        <dt>{t("phone")}</dt>
        <dd>{booking.customer?.phone ?? "—"}</dd>
        <dt>{t("payment")}</dt>
        <dd>
          {payment ? (
            <>
              {t("paymentLine", { amount: money(payment.amountCents), status: paymentStatuses[payment.status] })}
              {payment.amountRefundedCents > 0 ? (
                <>
                  <br />
                  {t("refunded", { amount: money(payment.amountRefundedCents), when: payment.refundedAt ? when(payment.refundedAt) : "" })}
                </>
              ) : null}
              {payment.isRefundDue ? (
                <>
                  <br />
                  {t("refundDue")}
                </>
              ) : null}
            </>
          ) : (
            t("noPayment")
          )}
        </dd>
      </dl>
      <h2>{t("answers")}</h2>
      {booking.answers.length === 0 ? (
        <p>{t("noAnswers")}</p>
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
      <h2>{t("actions")}</h2>
      {confirm === "cancel" && cancellable ? (
        <form action={bookingAction} className={styles.actions} aria-labelledby="cancel-rule">
          {hidden}
          <input type="hidden" name="action" value="cancel" />
          <p id="cancel-rule">{refundOnCancel > 0 ? t("refundRule", { amount: money(refundOnCancel) }) : t("noRefund")}</p>
          <button className={`${styles.button} ${styles.danger}`} type="submit">
            {t("cancel")}
          </button>
          <Link href={`/console/${workspaceId}/bookings/${id}`}>{t("keep")}</Link>
        </form>
      ) : (
        <div className={styles.actions}>
          {cancellable ? (
            <Link className={`${styles.button} ${styles.danger}`} href={`/console/${workspaceId}/bookings/${id}?confirm=cancel`}>
              {t("cancel")}
            </Link>
          ) : null}
          {booking.status === "confirmed" ? (
            <Link className={`${styles.button} ${styles.secondary}`} href={`/console/${workspaceId}/bookings/${id}/reschedule`}>
              {t("reschedule")}
            </Link>
          ) : null}
          {booking.status === "confirmed" && row.startsAt <= ctx.clock.now() ? (
            <form action={bookingAction}>
              {hidden}
              <input type="hidden" name="action" value="no-show" />
              <button className={`${styles.button} ${styles.secondary}`} type="submit">
                {t("markNoShow")}
              </button>
            </form>
          ) : null}
          {booking.status === "confirmed" ? (
            <form action={bookingAction}>
              {hidden}
              <input type="hidden" name="action" value="resend-confirmation" />
              <button className={`${styles.button} ${styles.secondary}`} type="submit">
                {t("resend")}
              </button>
            </form>
          ) : null}
          {booking.status === "no_show" ? (
            <form action={bookingAction}>
              {hidden}
              <input type="hidden" name="action" value="undo-no-show" />
              <button className={`${styles.button} ${styles.secondary}`} type="submit">
                {t("undoNoShow")}
              </button>
            </form>
          ) : null}
        </div>
      )}
      {series ? (
        <>
          <h2>{t("series")}</h2>
          <ul className={styles.list} aria-label={t("seriesLabel", { count: series.count })}>
            {series.bookings.map((occurrence) => (
              <li key={occurrence.id}>
                <Link href={`/console/${workspaceId}/bookings/${occurrence.id}`} aria-current={occurrence.id === id ? "page" : undefined}>
                  {when(new Date(occurrence.starts_at))}
                </Link>{" "}
                · <StatusLabel status={occurrence.status} labels={statusNames} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <h2>{t("history")}</h2>
      <ul className={styles.list}>
        <li>{t("created", { when: when(row.createdAt) })}</li>
        {history.data.map((event) => (
          <li key={event.id}>{t("event", { action: actions[event.what] ?? event.what, who: event.who.name, when: when(new Date(event.when)) })}</li>
        ))}
      </ul>
      <h2>{t("messages")}</h2>
      {messages.data.length === 0 ? (
        <p>{t("noMessages")}</p>
      ) : (
        <ul className={styles.list} aria-label={t("messagesLabel")}>
          {messages.data.map((message) => (
            <li key={message.id}>
              <strong>{kinds[message.kind] ?? message.kind}</strong>{" "}
              {t("message", { channel: message.channel, recipient: message.recipient, written: when(new Date(message.created_at)) })} {delivery(message)}
              {message.status === "failed" && message.last_error ? ` (${message.last_error})` : ""}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** Each payment status in the member's language. */
async function paymentStatusLabels(): Promise<Record<PaymentStatus, string>> {
  const t = await getTranslations("console.statuses.payment");
  return {
    initializing: t("initializing"),
    requires_payment: t("requires_payment"),
    processing: t("processing"),
    succeeded: t("succeeded"),
    partially_refunded: t("partially_refunded"),
    refunded: t("refunded"),
    refund_pending: t("refund_pending"),
    canceled: t("canceled"),
  };
}
