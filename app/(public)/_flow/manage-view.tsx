"use client";

import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { BookingDetails } from "@/components/booking/booking-details";
import { BusinessContact, hasBusinessContact } from "@/components/booking/business-contact";
import { useZoneNames, ZoneNamesProvider } from "@/components/booking/zone-names";
import { Badge } from "@/components/ui/card";
import { Button, LinkButton } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/dialog";
import { useAnnounce } from "@/components/ui/live-region";
import { Notice } from "@/components/ui/notice";
import { formatMoney } from "@/lib/booking-pages/format";
import { describeError, type FriendlyError } from "@/lib/booking-pages/messages";
import { cancelBooking } from "@/lib/booking-pages/public-api";
import { SeriesDates } from "./series-dates";
import type { PublicBookingRead } from "@/lib/booking-pages/public-booking";
import { useWording } from "@/lib/booking-pages/wording";
import type { ZoneNames } from "@/lib/booking-pages/zone-cities";
import { paidCents, refundOnCancelCents } from "@/lib/payments/refund-rule";
import { ManageEnded, managePhase, phaseBadge } from "./manage-ended";
import { formatWhen, formatWhenBoth } from "@/lib/booking-pages/zone-labels";
import { formatNotice, useManageRows } from "./manage-rows";
import { ReschedulePanel } from "./reschedule-panel";
import { useCustomerZone } from "./use-customer-zone";
import { useFocusAfterCommit } from "./use-focus-after-commit";
import { useServerClock } from "./use-server-clock";
import styles from "./flow.module.css";

type ManageViewProps = {
  token: string;
  initial: PublicBookingRead;
  locale: string;
  serverNow: string;
  /** The cities of the booking's zones, named by the server in the page's language (lib/booking-pages/zone-names.ts). */
  zoneNames: ZoneNames;
};
type Mode = "view" | "reschedule" | "cancelled";

/**
 * /manage/{token}: see the booking (times in the business's zone and the customer's, what was
 * paid and what is due), cancel it (the refund named before and after) or move it while
 * allowed; a past, missed or lapsed booking offers "Book again"; inside the notice window the
 * business's phone and email.
 */
export function ManageView(props: ManageViewProps) {
  // The zone the booking was made from (docs/decisions.md#time-zones), else this browser's.
  const { customerZone, zoneNames } = useCustomerZone(props.zoneNames, props.initial.booking.customer.timezone);
  return (
    <ZoneNamesProvider names={zoneNames}>
      <ManageBody {...props} customerZone={customerZone} />
    </ZoneNamesProvider>
  );
}

function ManageBody({ token, initial, locale, serverNow, customerZone }: Omit<ManageViewProps, "zoneNames"> & { customerZone: string | null }) {
  const [read, setRead] = useState(initial);
  const [mode, setMode] = useState<Mode>("view");
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [refunded, setRefunded] = useState(0);
  /** After a move, said in the card (a floating toast covered the refund box on phones). */
  const [movedNotice, setMovedNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<FriendlyError | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const announce = useAnnounce();
  const focusAfterCommit = useFocusAfterCommit();
  const now = useServerClock(serverNow);
  const { booking, workspace } = read;
  const wording = useWording(workspace.vertical);
  const t = useTranslations("manage");
  const tWhen = useTranslations("manage.when");
  const statuses = useTranslations("statuses");
  const errors = useTranslations("errors");
  const names = useZoneNames();

  // The moment the page was served decides past or upcoming: server and browser render alike.
  const phase = managePhase(mode === "cancelled" ? "cancelled" : booking.status, booking, Date.parse(serverNow));
  const status = phaseBadge(phase, booking.status, t, statuses);
  const when = formatWhen(booking.starts_at, workspace.timezone, locale, tWhen, names);
  const whenBoth = formatWhenBoth(booking.starts_at, workspace.timezone, customerZone, locale, tWhen, names);
  const rows = useManageRows(read, locale, customerZone, wording);
  const canMove = booking.can_reschedule && workspace.publishable_key !== null;
  const payment = booking.payment;
  const refundCents = payment ? refundOnCancelCents(payment) : 0;
  const money = (cents: number) => formatMoney(cents, payment?.currency ?? workspace.currency, locale);
  const bookingPage = `/book/${encodeURIComponent(workspace.slug)}`;

  async function cancel() {
    setCancelling(true);
    setFailure(null);
    const refund = refundCents;
    const result = await cancelBooking(token);
    setCancelling(false);
    setConfirmCancel(false);
    if (result.ok) {
      setRead(result.data);
      setRefunded(refund);
      setMode("cancelled");
      setMovedNotice(null);
      announce(refund > 0 ? t("view.announceCancelledRefund", { amount: money(refund) }) : t("view.announceCancelled"));
      focusAfterCommit(() => heading.current);
      return;
    }
    setFailure(describeError(result.error, "manage", errors));
  }

  /** After "Cancel all remaining dates": this link's booking may be one of them. */
  function seriesCancelled(next: PublicBookingRead) {
    setRead(next);
    setMovedNotice(null);
    if (next.booking.status === "cancelled") {
      setMode("cancelled");
      focusAfterCommit(() => heading.current);
    }
  }

  function moved(next: PublicBookingRead) {
    setRead(next);
    setMode("view");
    const notice = t("view.announceMoved", { when: formatWhen(next.booking.starts_at, next.workspace.timezone, locale, tWhen, names) });
    setMovedNotice(notice);
    announce(notice);
    focusAfterCommit(() => heading.current);
  }

  if (mode === "reschedule" && workspace.publishable_key) {
    return (
      <ReschedulePanel
        token={token}
        read={read}
        publishableKey={workspace.publishable_key}
        locale={locale}
        customerZone={customerZone}
        wording={wording}
        now={now}
        onMoved={moved}
        onCancel={() => setMode("view")}
      />
    );
  }

  const cutoffPassed = phase === "upcoming" && !booking.can_cancel && booking.cancel_cutoff_passed;
  const canReach = Boolean(workspace.contact_phone || workspace.contact_email);
  // The real deadline for changes online, while it is still ahead (docs/decisions.md#bookings).
  const freeUntil =
    phase === "upcoming" && booking.status === "confirmed" && booking.can_cancel
      ? formatWhen(new Date(Date.parse(booking.starts_at) - booking.cancel_cutoff_minutes * 60_000).toISOString(), workspace.timezone, locale, tWhen, names)
      : null;

  return (
    <div className={styles.panel}>
      <div className={styles.stack}>
        <Badge tone={status.tone}>{status.label}</Badge>
        <h2 ref={heading} tabIndex={-1} className={styles.stepHeading}>
          {phase === "cancelled" ? t("view.cancelledHeading") : t("view.heading", { service: booking.service.name, when })}
        </h2>
      </div>
      {phase === "cancelled" ? (
        <>
          <p>
            {workspace.notifies_business
              ? t("view.cancelledBody", { service: booking.service.name, staff: booking.staff.name, when: whenBoth, business: workspace.name })
              : t("view.cancelledBodyQuiet", { service: booking.service.name, staff: booking.staff.name, when: whenBoth })}
          </p>
          {refunded > 0 && (
            <Notice tone="success" title={t("view.refundTitle", { amount: money(refunded) })}>
              {t("view.refundBody")}
            </Notice>
          )}
          <div>
            <LinkButton href={bookingPage} variant="primary">
              {t("view.bookAgain")}
            </LinkButton>
          </div>
        </>
      ) : phase === "upcoming" ? (
        <>
          {movedNotice && <Notice tone="success" title={movedNotice} />}
          <BookingDetails rows={rows} />
          <SeriesDates token={token} read={read} locale={locale} onCancelled={seriesCancelled} />
          {booking.status === "confirmed" && workspace.confirmation_note && (
            <Notice tone="info" title={t("view.noteFrom", { business: workspace.name })}>
              <p className={styles.policy} dir="auto">
                {workspace.confirmation_note}
              </p>
            </Notice>
          )}
          {payment?.refund_policy && (
            <Notice tone="info" title={t("view.refundPolicy")}>
              <p className={styles.policy} dir="auto">
                {payment.refund_policy}
              </p>
            </Notice>
          )}
          {failure && (
            <Notice tone="error" role="alert" title={failure.title}>
              {failure.body}
            </Notice>
          )}
          {freeUntil && <p>{t("view.freeCancellationUntil", { when: freeUntil })}</p>}
          {cutoffPassed && (
            <Notice tone="warning" title={t("view.tooLateTitle")}>
              {t("view.tooLateBody", { notice: formatNotice(booking.cancel_cutoff_minutes, locale) })}{" "}
              {t(canReach ? "view.tooLateReach" : workspace.website_url ? "view.tooLateWebsite" : "view.tooLateDirect", { business: workspace.name })}
            </Notice>
          )}
          {booking.can_reschedule && !workspace.publishable_key && <p className={styles.muted}>{t("view.moveUnavailable")}</p>}
          {(canMove || booking.can_cancel) && (
            <div className={styles.actionsRow}>
              {canMove && <Button onClick={() => setMode("reschedule")}>{t("view.changeTime")}</Button>}
              {booking.can_cancel && (
                <Button variant="secondary" onClick={() => setConfirmCancel(true)}>
                  {t("view.cancelBooking")}
                </Button>
              )}
            </div>
          )}
        </>
      ) : (
        <ManageEnded phase={phase} read={read} rows={rows} bookingPage={bookingPage} />
      )}
      {hasBusinessContact(workspace, phase === "upcoming") && <BusinessContact workspace={workspace} showPolicy={phase === "upcoming"} headingLevel={3} />}
      <ConfirmDialog
        open={confirmCancel}
        title={t("cancelDialog.title")}
        onClose={() => setConfirmCancel(false)}
        keepLabel={t("cancelDialog.keep")}
        confirmLabel={refundCents > 0 ? t("cancelDialog.confirmRefund", { amount: money(refundCents) }) : t("cancelDialog.confirm")}
        onConfirm={() => void cancel()}
        busy={cancelling}
        variant="danger"
      >
        <p>{t("cancelDialog.summary", { service: booking.service.name, staff: booking.staff.name, when: whenBoth })}</p>
        {payment &&
          (refundCents > 0 ? (
            <p>{t.rich("cancelDialog.refundBack", { amount: money(refundCents), strong: (chunks) => <strong>{chunks}</strong> })}</p>
          ) : paidCents(payment) > 0 ? (
            <p>{t("cancelDialog.alreadyRefunded")}</p>
          ) : (
            <p>{t("cancelDialog.nothingCharged")}</p>
          ))}
        {payment?.refund_policy && (
          <p className={styles.policy} dir="auto">
            {payment.refund_policy}
          </p>
        )}
      </ConfirmDialog>
    </div>
  );
}
