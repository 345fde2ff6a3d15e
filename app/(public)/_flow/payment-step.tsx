"use client";

import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState, type RefObject } from "react";
import { BookingSummary } from "@/components/booking/booking-summary";
import { HoldTimer } from "@/components/booking/hold-timer";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { formatMoney } from "@/lib/booking-pages/format";
import { readBooking } from "@/lib/booking-pages/public-api";
import type { SummaryRow } from "@/lib/booking-pages/summary";
import type { BootstrapWorkspace, CreatedBooking } from "@/lib/booking-pages/types";
import { HoldExpired } from "./hold-expired";
import { TestModePayment } from "./test-mode-payment";
import { HOLD_WARNING_SECONDS, type Hold } from "./use-hold";
import styles from "./flow.module.css";

type PaymentStepProps = {
  workspace: BootstrapWorkspace;
  bookingId: string;
  /** The manage token: reads the payment back (a reload resumes it) and gives the time back. */
  token: string;
  /** The create response's payment block; absent after a reload, when the read provides it. */
  initialPayment?: CreatedBooking["payment"];
  stripePublishableKey: string | null;
  devTools: boolean;
  hold: Hold;
  onConfirmed: () => void;
  onRestart: () => void;
  onChangeTime: () => void;
  headingRef: RefObject<HTMLHeadingElement | null>;
  locale: string;
  summary: SummaryRow[];
};

type Intent = { clientSecret: string; connectedAccountId: string; amountCents: number; currency: string };
type Phase = { kind: "pay" } | { kind: "confirming" } | { kind: "declined" } | { kind: "unavailable" } | { kind: "slow" };

/** Stripe's bundle is fetched only for a card payment. */
const StripePayment = dynamic(() => import("./stripe-payment").then((module) => module.StripePayment), { ssr: false });

const POLL_DELAYS_MS = [500, 1000, 1000, 2000, 2000, 3000, 3000, 5000, 5000, 5000];

/** awaiting_payment → pay (Stripe's Payment Element, or the test-mode stand-in), then wait for the confirmation. */
export function PaymentStep(props: PaymentStepProps) {
  const { workspace, bookingId, token, initialPayment, stripePublishableKey, devTools, hold, onConfirmed, onRestart, headingRef, locale } = props;
  const t = useTranslations("flow.payment");
  const tFlow = useTranslations("flow");
  const tVerify = useTranslations("flow.verify");
  const [intent, setIntent] = useState<Intent | null>(() =>
    initialPayment
      ? {
          clientSecret: initialPayment.client_secret,
          connectedAccountId: initialPayment.connected_account_id,
          amountCents: initialPayment.amount_cents,
          currency: initialPayment.currency,
        }
      : null,
  );
  const [phase, setPhase] = useState<Phase>({ kind: "pay" });
  const [attempt, setAttempt] = useState(0);
  const live = useRef(true);
  useEffect(() => () => void (live.current = false), []);

  // No payment block (the processor was unreachable, or the page was reloaded): the read gives it again while requires_payment.
  useEffect(() => {
    if (intent) return;
    void readBooking(token).then((result) => {
      if (!live.current) return;
      const payment = result.ok ? result.data.booking.payment : undefined;
      if (payment?.client_secret && payment.connected_account_id) {
        setIntent({
          clientSecret: payment.client_secret,
          connectedAccountId: payment.connected_account_id,
          amountCents: payment.amount_cents,
          currency: payment.currency,
        });
      } else setPhase({ kind: "unavailable" });
    });
  }, [intent, token, attempt]);

  async function waitForConfirmation() {
    setPhase({ kind: "confirming" });
    for (const delay of POLL_DELAYS_MS) {
      await new Promise((resolve) => window.setTimeout(resolve, delay));
      if (!live.current) return;
      const result = await readBooking(token);
      if (!result.ok) continue;
      if (result.data.booking.status === "confirmed") {
        onConfirmed();
        return;
      }
      if (result.data.booking.payment?.status === "requires_payment") {
        setPhase({ kind: "declined" });
        return;
      }
    }
    setPhase({ kind: "slow" });
  }

  const amount = intent ? formatMoney(intent.amountCents, intent.currency, locale) : null;
  const payLabel = amount ? t("pay", { amount }) : t("payPlain");

  return (
    <div className={styles.panel}>
      <div>
        <h2 ref={headingRef} tabIndex={-1} className={styles.stepHeading}>
          {t("heading")}
        </h2>
        {amount && <p className={styles.stepIntro}>{t("intro", { amount, business: workspace.name })}</p>}
      </div>
      <BookingSummary rows={props.summary} />
      {hold.expired ? (
        <HoldExpired onRestart={onRestart} />
      ) : (
        <>
          {hold.remaining !== null && (
            <HoldTimer
              remainingSeconds={hold.remaining}
              warningSeconds={HOLD_WARNING_SECONDS}
              canExtend={hold.canExtend}
              extending={hold.extending}
              extendError={hold.extendError}
              extendLabel={tVerify("keepTime")}
              onExtend={() => void hold.extend()}
            />
          )}
          {workspace.refund_policy && (
            <Notice tone="info" title={t("refundPolicy")}>
              <p className={styles.policy} dir="auto">
                {workspace.refund_policy}
              </p>
            </Notice>
          )}
          {phase.kind === "declined" && (
            <Notice tone="error" role="alert" title={t("declinedTitle")}>
              {t("declinedBody")}
            </Notice>
          )}
          {phase.kind === "unavailable" && (
            <Notice
              tone="warning"
              role="alert"
              title={t("unavailableTitle")}
              actions={
                <Button
                  size="small"
                  variant="secondary"
                  onClick={() => {
                    setPhase({ kind: "pay" });
                    setAttempt((n) => n + 1);
                  }}
                >
                  {tFlow("tryAgain")}
                </Button>
              }
            >
              {t("unavailableBody")}
            </Notice>
          )}
          {phase.kind === "confirming" && (
            <Notice tone="info" role="status" title={t("confirmingTitle")}>
              {t("confirmingBody")}
            </Notice>
          )}
          {phase.kind === "slow" && (
            <Notice tone="info" role="status" title={t("slowTitle")}>
              {t("slowBody")}
            </Notice>
          )}
          {intent &&
            (phase.kind === "pay" || phase.kind === "declined") &&
            (stripePublishableKey ? (
              <StripePayment
                platformKey={stripePublishableKey}
                connectedAccountId={intent.connectedAccountId}
                clientSecret={intent.clientSecret}
                payLabel={payLabel}
                returnUrl={`${window.location.origin}/manage/${encodeURIComponent(token)}`}
                onPaid={() => void waitForConfirmation()}
              />
            ) : devTools ? (
              <TestModePayment
                bookingId={bookingId}
                payLabel={payLabel}
                onPaid={() => void waitForConfirmation()}
                onDeclined={() => setPhase({ kind: "declined" })}
                stillHeld={hold.stillHeld}
              />
            ) : (
              <Notice tone="warning" title={t("notSetUpTitle")}>
                {t("notSetUpBody")}
              </Notice>
            ))}
          {(phase.kind === "pay" || phase.kind === "declined" || phase.kind === "unavailable") && (
            <div className={styles.actionsRow}>
              <Button variant="ghost" size="small" onClick={props.onChangeTime}>
                {tFlow("changeTime")}
              </Button>
            </div>
          )}
        </>
      )}
    </div>
  );
}
