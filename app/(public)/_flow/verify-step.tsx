"use client";

import { useLocale, useTranslations } from "next-intl";
import { useRef, useState, type RefObject } from "react";
import { BookingSummary } from "@/components/booking/booking-summary";
import { CodeEntry, CODE_LENGTH } from "@/components/booking/code-entry";
import { HoldTimer } from "@/components/booking/hold-timer";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { MAX_CODE_ATTEMPTS } from "@/lib/bookings/holds";
import { describeError, type FriendlyError } from "@/lib/booking-pages/messages";
import { resendCode, verifyBooking } from "@/lib/booking-pages/public-api";
import type { SummaryRow } from "@/lib/booking-pages/summary";
import { HoldExpired } from "./hold-expired";
import { HOLD_WARNING_SECONDS, type Hold } from "./use-hold";
import { useFocusAfterCommit } from "./use-focus-after-commit";
import { useRetryCountdown } from "./use-retry-countdown";
import styles from "./flow.module.css";

type VerifyStepProps = {
  publishableKey: string;
  bookingId: string;
  email: string;
  hold: Hold;
  onConfirmed: () => void;
  onRestart: () => void;
  /** Give the held time back and choose another. */
  onChangeTime: () => void;
  /** Give the held time back and correct the email. */
  onChangeEmail: () => void;
  now: () => number;
  headingRef: RefObject<HTMLHeadingElement | null>;
  summary: SummaryRow[];
};

type Resent = { kind: "sent" } | { kind: "refused" } | { kind: "failed"; error: FriendlyError };

/**
 * pending → the 6-digit code. Every refusal of a code looks the same (spec), so the hint
 * covers all causes; after MAX_CODE_ATTEMPTS wrong tries the code is dead, and the page
 * says so and offers a new one (docs/decisions.md#verification-codes) instead of refusing the right code again.
 */
export function VerifyStep(props: VerifyStepProps) {
  const { publishableKey, bookingId, email, hold, onConfirmed, now, headingRef } = props;
  const t = useTranslations("flow.verify");
  const language = useLocale();
  const tErrors = useTranslations("errors");
  const tFlow = useTranslations("flow");
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string | undefined>();
  const [failure, setFailure] = useState<FriendlyError | null>(null);
  const [verifying, setVerifying] = useState(false);
  const [wrongTries, setWrongTries] = useState(0);
  const [resending, setResending] = useState(false);
  const [resent, setResent] = useState<Resent | null>(null);
  const failureBox = useRef<HTMLDivElement>(null);
  const waitSeconds = useRetryCountdown(failure?.waitForNextMinute === true, now);
  const focusAfterCommit = useFocusAfterCommit();
  const codeDead = wrongTries >= MAX_CODE_ATTEMPTS;

  async function submit() {
    if (waitSeconds > 0) return;
    if (codeDead) {
      // The server would refuse even the right code now: lead to a new one instead.
      focusAfterCommit(() => document.querySelector<HTMLElement>("[data-send-code]"));
      return;
    }
    if (code.length !== CODE_LENGTH) {
      setCodeError(t("allDigits", { length: CODE_LENGTH }));
      return;
    }
    setVerifying(true);
    setFailure(null);
    setCodeError(undefined);
    setResent(null);
    const result = await verifyBooking(publishableKey, bookingId, code, language);
    setVerifying(false);
    if (result.ok) {
      onConfirmed();
      return;
    }
    if (result.error.kind === "http" && result.error.type === "verification_failed") {
      // Every refusal looks the same: ask whether the hold itself ended before blaming the code.
      if (!(await hold.stillHeld())) return;
      const tries = wrongTries + 1;
      setWrongTries(tries);
      if (tries >= MAX_CODE_ATTEMPTS) {
        setCodeError(undefined);
        focusAfterCommit(() => document.querySelector<HTMLElement>("[data-send-code]"));
        return;
      }
      const friendly = describeError(result.error, "verify", tErrors);
      setCodeError(t("codeFailed", { title: friendly.title, body: friendly.body }));
      return;
    }
    setFailure(describeError(result.error, "verify", tErrors));
    focusAfterCommit(() => failureBox.current);
  }

  async function sendNewCode() {
    setResending(true);
    setFailure(null);
    const result = await resendCode(publishableKey, bookingId);
    setResending(false);
    if (result.ok) {
      setCode("");
      setCodeError(undefined);
      setWrongTries(0);
      setResent({ kind: "sent" });
      focusAfterCommit(() => document.querySelector<HTMLElement>("input[name='code']"));
      return;
    }
    setResent(
      result.error.kind === "http" && result.error.type === "verification_failed"
        ? { kind: "refused" }
        : { kind: "failed", error: describeError(result.error, "verify", tErrors) },
    );
  }

  function keepTime() {
    // A "didn't work" from before the extension is about an old attempt; a fresh start is clearer.
    setCodeError(undefined);
    setFailure(null);
    void hold.extend();
  }

  const sendButton = (
    <Button data-send-code variant={codeDead ? "primary" : "secondary"} size="small" busy={resending} onClick={() => void sendNewCode()}>
      {t("sendNew")}
    </Button>
  );

  return (
    <div className={styles.panel}>
      <h2 ref={headingRef} tabIndex={-1} className={styles.stepHeading}>
        {t("heading")}
      </h2>
      {hold.expired ? (
        <HoldExpired onRestart={props.onRestart} />
      ) : (
        <CodeEntry
          destination={email}
          code={code}
          error={codeError}
          onChange={setCode}
          onSubmit={() => void submit()}
          submitting={verifying || waitSeconds > 0}
        >
          {hold.remaining !== null && (
            <HoldTimer
              remainingSeconds={hold.remaining}
              warningSeconds={HOLD_WARNING_SECONDS}
              canExtend={hold.canExtend}
              extending={hold.extending}
              extendError={hold.extendError}
              extendLabel={t("keepTime")}
              onExtend={keepTime}
            />
          )}
        </CodeEntry>
      )}
      {!hold.expired && (
        <div className={styles.stack}>
          {codeDead && (
            <Notice tone="warning" role="alert" title={t("deadTitle")}>
              {t("deadBody", { max: MAX_CODE_ATTEMPTS })}
            </Notice>
          )}
          {resent?.kind === "sent" && (
            <Notice tone="success" role="status" title={t("resentTitle")}>
              {t("resentBody", { email })}
            </Notice>
          )}
          {resent?.kind === "refused" && (
            <Notice tone="warning" role="alert" title={t("refusedTitle")}>
              {t("refusedBody")}
            </Notice>
          )}
          {resent?.kind === "failed" && (
            <Notice tone="error" role="alert" title={resent.error.title}>
              {resent.error.body}
            </Notice>
          )}
          {failure && (
            <Notice ref={failureBox} tone="error" role="alert" title={failure.title}>
              {failure.body}
              {waitSeconds > 0 && <p>{t("waitSeconds", { count: waitSeconds })}</p>}
            </Notice>
          )}
          <div className={styles.actionsRow}>
            {sendButton}
            <Button variant="ghost" size="small" onClick={props.onChangeEmail}>
              {t("anotherEmail")}
            </Button>
            <Button variant="ghost" size="small" onClick={props.onChangeTime}>
              {tFlow("changeTime")}
            </Button>
          </div>
        </div>
      )}
      <BookingSummary rows={props.summary} />
    </div>
  );
}
