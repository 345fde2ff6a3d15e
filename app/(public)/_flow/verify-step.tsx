"use client";

import { useRef, useState, type RefObject } from "react";
import { CodeEntry, CODE_LENGTH } from "@/components/booking/code-entry";
import { HoldTimer } from "@/components/booking/hold-timer";
import { Notice } from "@/components/ui/notice";
import { describeError, type FriendlyError } from "@/lib/booking-pages/messages";
import { verifyBooking } from "@/lib/booking-pages/public-api";
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
  now: () => number;
  headingRef: RefObject<HTMLHeadingElement | null>;
};

/** pending → the 6-digit code. Every refusal of a code looks the same (spec), so the hint covers all causes. */
export function VerifyStep({ publishableKey, bookingId, email, hold, onConfirmed, onRestart, now, headingRef }: VerifyStepProps) {
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string | undefined>();
  const [failure, setFailure] = useState<FriendlyError | null>(null);
  const [verifying, setVerifying] = useState(false);
  const failureBox = useRef<HTMLDivElement>(null);
  const waitSeconds = useRetryCountdown(failure?.waitForNextMinute === true, now);
  const focusAfterCommit = useFocusAfterCommit();

  async function submit() {
    if (waitSeconds > 0) return;
    if (code.length !== CODE_LENGTH) {
      setCodeError(`Please enter all ${CODE_LENGTH} digits of the code.`);
      return;
    }
    setVerifying(true);
    setFailure(null);
    setCodeError(undefined);
    const result = await verifyBooking(publishableKey, bookingId, code);
    setVerifying(false);
    if (result.ok) {
      onConfirmed();
      return;
    }
    if (result.error.kind === "http" && result.error.type === "verification_failed") {
      const friendly = describeError(result.error, "verify");
      setCodeError(`${friendly.title}. ${friendly.body}`);
      return;
    }
    setFailure(describeError(result.error, "verify"));
    focusAfterCommit(() => failureBox.current);
  }

  return (
    <div className={styles.panel}>
      <h2 ref={headingRef} tabIndex={-1} className={styles.stepHeading}>
        Check your email
      </h2>
      {hold.expired ? (
        <HoldExpired onRestart={onRestart} />
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
              extendLabel="Keep my time"
              onExtend={() => void hold.extend()}
            />
          )}
          {failure && (
            <Notice ref={failureBox} tone="error" role="alert" title={failure.title}>
              {failure.body}
              {waitSeconds > 0 && <p>You can try again in {waitSeconds} seconds.</p>}
            </Notice>
          )}
        </CodeEntry>
      )}
    </div>
  );
}
