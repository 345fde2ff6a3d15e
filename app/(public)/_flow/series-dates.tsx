"use client";

import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { Badge } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/dialog";
import { Notice } from "@/components/ui/notice";
import { useAnnounce } from "@/components/ui/live-region";
import { formatLongDate, formatTime } from "@/lib/booking-pages/format";
import { describeError, type FriendlyError } from "@/lib/booking-pages/messages";
import { cancelSeries } from "@/lib/booking-pages/public-api";
import type { PublicBookingRead } from "@/lib/booking-pages/public-booking";
import { formatNotice } from "./manage-rows";
import { useFocusAfterCommit } from "./use-focus-after-commit";
import styles from "./flow.module.css";

type SeriesDatesProps = {
  token: string;
  read: PublicBookingRead;
  locale: string;
  /** The read after "Cancel all remaining dates", and how many dates it cancelled. */
  onCancelled: (next: PublicBookingRead, cancelled: number) => void;
};

/**
 * The manage page of one occurrence of a series (docs/series-and-waitlists.md): every date of
 * the series with its status, this link's own marked, and "Cancel all remaining dates" while one
 * can still be cancelled online (`POST /v1/public/bookings/{token}/cancel-series`).
 */
export function SeriesDates({ token, read, locale, onCancelled }: SeriesDatesProps) {
  const t = useTranslations("manage.series");
  const statuses = useTranslations("statuses.booking");
  const errors = useTranslations("errors");
  const announce = useAnnounce();
  const [confirming, setConfirming] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [failure, setFailure] = useState<FriendlyError | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const focusAfterCommit = useFocusAfterCommit();
  const { booking, workspace } = read;
  const series = booking.series;
  if (!series) return null;

  const before = series.bookings.filter((date) => date.status === "cancelled").length;

  async function cancelRest() {
    setCancelling(true);
    setFailure(null);
    const result = await cancelSeries(token);
    setCancelling(false);
    setConfirming(false);
    if (!result.ok) return setFailure(describeError(result.error, "manage", errors));
    const cancelled = (result.data.booking.series?.bookings.filter((date) => date.status === "cancelled").length ?? before) - before;
    announce(t("announce", { count: cancelled }));
    onCancelled(result.data, cancelled);
    // The button is gone with the dates it cancelled: the focus goes to the dates, not to the page's start.
    focusAfterCommit(() => heading.current);
  }

  return (
    <section className={styles.stack} aria-labelledby="series-dates-heading">
      <h3 ref={heading} tabIndex={-1} id="series-dates-heading" className={styles.dayHeading}>
        {t("heading")}
      </h3>
      <p className={styles.muted}>{t("count", { count: series.count })}</p>
      <ol className={styles.seriesDates}>
        {series.bookings.map((date) => (
          <li key={date.starts_at} aria-current={date.current ? "true" : undefined}>
            <span>
              {formatLongDate(date.starts_at, workspace.timezone, locale)}, {formatTime(date.starts_at, workspace.timezone, locale)}
              {date.current && <strong> · {t("this")}</strong>}
            </span>
            <Badge tone={date.status === "confirmed" ? "success" : date.status === "cancelled" ? "neutral" : "warning"}>{statuses(date.status)}</Badge>
          </li>
        ))}
      </ol>
      {failure && (
        <Notice tone="error" role="alert" title={failure.title}>
          {failure.body}
        </Notice>
      )}
      {series.can_cancel_rest && (
        <div>
          <Button variant="secondary" onClick={() => setConfirming(true)}>
            {t("cancelRest")}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        title={t("dialogTitle")}
        onClose={() => setConfirming(false)}
        keepLabel={t("dialogKeep")}
        confirmLabel={t("dialogConfirm")}
        onConfirm={() => void cancelRest()}
        busy={cancelling}
        variant="danger"
      >
        <p>
          {booking.cancel_cutoff_minutes > 0
            ? t("dialogBody", { notice: formatNotice(booking.cancel_cutoff_minutes, locale), business: workspace.name })
            : t("dialogBodyAnytime")}
        </p>
      </ConfirmDialog>
    </section>
  );
}
