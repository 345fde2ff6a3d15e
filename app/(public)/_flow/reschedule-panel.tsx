"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/dialog";
import { Notice } from "@/components/ui/notice";
import { describeError, type FriendlyError } from "@/lib/booking-pages/messages";
import { rescheduleBooking } from "@/lib/booking-pages/public-api";
import type { PublicBookingRead } from "@/lib/booking-pages/public-booking";
import { dayInZone } from "@/lib/booking-pages/format";
import type { DaySlot } from "@/lib/booking-pages/slots";
import type { Wording } from "@/lib/booking-pages/wording";
import { formatWhen, formatWhenBoth } from "@/lib/booking-pages/zone-labels";
import { useZoneNames } from "@/components/booking/zone-names";
import { formatNotice } from "./manage-rows";
import { SlotPicker } from "./slot-picker";
import { useFocusAfterCommit } from "./use-focus-after-commit";
import { useRetryCountdown } from "./use-retry-countdown";
import styles from "./flow.module.css";

type ReschedulePanelProps = {
  token: string;
  read: PublicBookingRead;
  publishableKey: string;
  locale: string;
  customerZone: string | null;
  wording: Wording;
  now: () => number;
  onMoved: (read: PublicBookingRead) => void;
  onCancel: () => void;
};

/**
 * Moving a booking: the same slot picker as booking, with the booking itself excluded from
 * busy times (exclude_booking_id) and its calendar kept; a confirmation before the move. It
 * opens on the booking's own month and day; the booking's own time and times inside its
 * notice window are not offered.
 */
export function ReschedulePanel({ token, read, publishableKey, locale, customerZone, wording, now, onMoved, onCancel }: ReschedulePanelProps) {
  const { booking, workspace } = read;
  const [displayZone, setDisplayZone] = useState(workspace.timezone);
  const [chosen, setChosen] = useState<DaySlot | null>(null);
  const [moving, setMoving] = useState(false);
  const [failure, setFailure] = useState<FriendlyError | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);
  // A move must not land inside the booking's own notice window (it could no longer be
  // cancelled or moved online, its deposit's refund lost): such times are not offered.
  const [notBefore] = useState(() => (booking.cancel_cutoff_minutes > 0 ? now() + booking.cancel_cutoff_minutes * 60_000 : undefined));
  const failureBox = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const waitSeconds = useRetryCountdown(failure?.waitForNextMinute === true, now);
  const focusAfterCommit = useFocusAfterCommit();
  const t = useTranslations("manage.reschedule");
  const tWhen = useTranslations("manage.when");
  const names = useZoneNames();
  const errors = useTranslations("errors");

  async function move() {
    if (!chosen) return;
    setMoving(true);
    const result = await rescheduleBooking(token, { starts_at: chosen.start });
    setMoving(false);
    if (result.ok) {
      onMoved(result.data);
      return;
    }
    setChosen(null);
    const friendly = describeError(result.error, "manage", errors);
    if (result.error.kind === "http" && (result.error.type === "slot_unavailable" || result.error.type === "outside_working_hours"))
      setRefreshKey((key) => key + 1);
    setFailure(friendly);
    focusAfterCommit(() => failureBox.current);
  }

  return (
    <div className={styles.panel}>
      <div>
        <h2 className={styles.stepHeading} tabIndex={-1} ref={heading}>
          {t("heading")}
        </h2>
        <p className={styles.stepIntro}>
          {t("intro", {
            service: booking.service.name,
            staff: booking.staff.name,
            when: formatWhenBoth(booking.starts_at, workspace.timezone, customerZone, locale, tWhen, names),
          })}
        </p>
      </div>
      {failure && (
        <Notice ref={failureBox} tone="error" role="alert" title={failure.title}>
          {failure.body}
          {waitSeconds > 0 && <p>{t("retryIn", { seconds: waitSeconds })}</p>}
        </Notice>
      )}
      <SlotPicker
        publishableKey={publishableKey}
        serviceId={booking.service.id}
        businessZone={workspace.timezone}
        customerZone={customerZone}
        displayZone={displayZone}
        onDisplayZoneChange={setDisplayZone}
        locale={locale}
        staff={[booking.staff]}
        allowStaffChoice={false}
        staffId={null}
        onStaffChange={() => {}}
        fixedStaffId={booking.staff.id}
        wording={wording}
        excludeBookingId={booking.id}
        notBefore={notBefore}
        notBeforeNote={
          notBefore === undefined
            ? undefined
            : t("windowNote", {
                when: formatWhen(new Date(notBefore).toISOString(), displayZone, locale, tWhen, names),
                business: workspace.name,
                notice: formatNotice(booking.cancel_cutoff_minutes, locale),
              })
        }
        currentStart={booking.starts_at}
        day={dayInZone(booking.starts_at, workspace.timezone)}
        selectedStart={chosen?.start ?? null}
        onSelect={(slot) => {
          setFailure(null);
          setChosen(slot);
        }}
        now={now}
        refreshKey={refreshKey}
      />
      <div>
        <Button variant="ghost" onClick={onCancel}>
          {t("keep")}
        </Button>
      </div>
      <ConfirmDialog
        open={chosen !== null}
        title={t("dialogTitle")}
        onClose={() => setChosen(null)}
        keepLabel={t("chooseAnother")}
        confirmLabel={t("move")}
        onConfirm={() => void move()}
        busy={moving || waitSeconds > 0}
      >
        {chosen && (
          <p>
            {t.rich("movesTo", {
              service: booking.service.name,
              staff: booking.staff.name,
              when: formatWhen(chosen.start, displayZone, locale, tWhen, names),
              strong: (chunks) => <strong>{chunks}</strong>,
            })}
          </p>
        )}
      </ConfirmDialog>
    </div>
  );
}
