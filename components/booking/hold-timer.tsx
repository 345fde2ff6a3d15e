import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { formatCountdown } from "@/lib/booking-pages/format";
import styles from "./hold-timer.module.css";

type HoldTimerProps = {
  remainingSeconds: number;
  warningSeconds: number;
  canExtend: boolean;
  extending: boolean;
  extendLabel: string;
  onExtend: () => void;
  extendError?: string | null;
};

/**
 * The hold is a time limit (WCAG 2.2.1): the remaining time is always visible, and before it
 * runs out a warning offers one-click extension. The ticking clock is not a live region; the
 * warning is announced once, with static text.
 */
export function HoldTimer({ remainingSeconds, warningSeconds, canExtend, extending, extendLabel, onExtend, extendError }: HoldTimerProps) {
  const t = useTranslations("flow.holdTimer");
  const urgent = remainingSeconds <= warningSeconds;
  return (
    <div className={`${styles.timer} ${urgent ? styles.urgent : ""}`}>
      <p className={styles.line}>
        <svg className={styles.icon} viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
          <circle cx="12" cy="13" r="8" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M12 9v4l2.5 2.5M9 2h6" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <span>{t.rich("held", { time: formatCountdown(remainingSeconds), clock: (chunks) => <span className={styles.clock}>{chunks}</span> })}</span>
      </p>
      {urgent && (
        <Notice
          tone="warning"
          role="alert"
          title={t("lessThan", { count: Math.ceil(warningSeconds / 60) })}
          actions={
            canExtend ? (
              <Button variant="secondary" size="small" busy={extending} onClick={onExtend}>
                {extendLabel}
              </Button>
            ) : undefined
          }
        >
          {canExtend ? t("canExtend") : t("cannotExtend")}
          {extendError && <p>{extendError}</p>}
        </Notice>
      )}
    </div>
  );
}
