"use client";

import { useEffect, useMemo, useRef, useState } from "react";
import { BookingDetails } from "@/components/booking/booking-details";
import { Badge } from "@/components/ui/card";
import { Button, LinkButton } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useAnnounce } from "@/components/ui/live-region";
import { Notice } from "@/components/ui/notice";
import { formatLongDate, formatTime } from "@/lib/booking-pages/format";
import { describeError, type FriendlyError } from "@/lib/booking-pages/messages";
import { cancelBooking } from "@/lib/booking-pages/public-api";
import type { PublicBookingRead } from "@/lib/booking-pages/public-booking";
import { bookingStatusLabel } from "@/lib/booking-pages/status-labels";
import { wordingFor } from "@/lib/booking-pages/wording";
import { formatNotice, manageRows } from "./manage-rows";
import { ReschedulePanel } from "./reschedule-panel";
import { useFocusAfterCommit } from "./use-focus-after-commit";
import { useServerClock } from "./use-server-clock";
import styles from "./flow.module.css";

type ManageViewProps = { token: string; initial: PublicBookingRead; locale: string; serverNow: string };
type Mode = "view" | "reschedule" | "cancelled";

/** /manage/{token}: see the booking, cancel it (with confirmation) or move it, while allowed. */
export function ManageView({ token, initial, locale, serverNow }: ManageViewProps) {
  const [read, setRead] = useState(initial);
  const [mode, setMode] = useState<Mode>("view");
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [failure, setFailure] = useState<FriendlyError | null>(null);
  const [customerZone, setCustomerZone] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const announce = useAnnounce();
  const focusAfterCommit = useFocusAfterCommit();
  const now = useServerClock(serverNow);
  const { booking, workspace } = read;
  const wording = useMemo(() => wordingFor(workspace.vertical), [workspace.vertical]);

  // The zone the booking was made from (DECISIONS §12), else this browser's.
  useEffect(() => setCustomerZone(initial.booking.customer.timezone ?? (Intl.DateTimeFormat().resolvedOptions().timeZone || null)), [initial]);

  const status = bookingStatusLabel(mode === "cancelled" ? "cancelled" : booking.status);
  const when = `${formatLongDate(booking.starts_at, workspace.timezone, locale)} at ${formatTime(booking.starts_at, workspace.timezone, locale)}`;
  const canMove = booking.can_reschedule && workspace.publishable_key !== null;

  async function cancel() {
    setCancelling(true);
    setFailure(null);
    const result = await cancelBooking(token);
    setCancelling(false);
    setConfirmCancel(false);
    if (result.ok) {
      setRead(result.data);
      setMode("cancelled");
      announce("Your booking is cancelled.");
      focusAfterCommit(() => heading.current);
      return;
    }
    setFailure(describeError(result.error, "manage"));
  }

  function moved(next: PublicBookingRead) {
    setRead(next);
    setMode("view");
    announce(
      `Your booking was moved to ${formatLongDate(next.booking.starts_at, next.workspace.timezone, locale)} at ${formatTime(next.booking.starts_at, next.workspace.timezone, locale)}.`,
      { toast: true, tone: "success" },
    );
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

  return (
    <div className={styles.panel}>
      <div className={styles.stack}>
        <Badge tone={status.tone}>{status.label}</Badge>
        <h2 ref={heading} tabIndex={-1} className={styles.stepHeading}>
          {mode === "cancelled" ? "Your booking is cancelled" : `${booking.service.name}, ${when}`}
        </h2>
      </div>
      {mode === "cancelled" ? (
        <>
          <p>
            {booking.service.name} with {booking.staff.name}, {when}, is cancelled and we've let {workspace.name} know.
            {booking.payment && booking.payment.amount_cents > 0 ? " Any refund due goes back to the card you paid with." : ""}
          </p>
          <div>
            <LinkButton href={`/book/${encodeURIComponent(workspace.slug)}`} variant="primary">
              Book another time
            </LinkButton>
          </div>
        </>
      ) : (
        <>
          <BookingDetails rows={manageRows(read, locale, customerZone, wording)} />
          {booking.status === "confirmed" && workspace.confirmation_note && (
            <Notice tone="info" title={`A note from ${workspace.name}`}>
              <p className={styles.policy}>{workspace.confirmation_note}</p>
            </Notice>
          )}
          {booking.payment?.refund_policy && (
            <Notice tone="info" title="Refund policy">
              <p className={styles.policy}>{booking.payment.refund_policy}</p>
            </Notice>
          )}
          {failure && (
            <Notice tone="error" role="alert" title={failure.title}>
              {failure.body}
            </Notice>
          )}
          {!booking.can_cancel && booking.cancel_cutoff_passed && (
            <Notice tone="warning" title="It's too late to change this booking online">
              Online changes close {formatNotice(booking.cancel_cutoff_minutes, locale)} before the start. Please contact {workspace.name} directly
              {workspace.website_url ? " through their website" : ""}.
            </Notice>
          )}
          {booking.can_reschedule && !workspace.publishable_key && (
            <p className={styles.muted}>Moving this booking online isn't available right now; you can still cancel it.</p>
          )}
          {(canMove || booking.can_cancel) && (
            <div className={styles.actionsRow}>
              {canMove && <Button onClick={() => setMode("reschedule")}>Change time</Button>}
              {booking.can_cancel && (
                <Button variant="secondary" onClick={() => setConfirmCancel(true)}>
                  Cancel booking
                </Button>
              )}
            </div>
          )}
        </>
      )}
      <Dialog
        open={confirmCancel}
        title="Cancel this booking?"
        onClose={() => setConfirmCancel(false)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setConfirmCancel(false)}>
              Keep my booking
            </Button>
            <Button variant="danger" busy={cancelling} onClick={() => void cancel()}>
              Yes, cancel it
            </Button>
          </>
        }
      >
        <p>
          {booking.service.name} with {booking.staff.name}, {when}. This can't be undone.
        </p>
        {booking.payment?.refund_policy && <p className={styles.policy}>{booking.payment.refund_policy}</p>}
      </Dialog>
    </div>
  );
}
