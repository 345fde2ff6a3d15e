"use client";

import dynamic from "next/dynamic";
import { useEffect, useRef, useState, type RefObject } from "react";
import { HoldTimer } from "@/components/booking/hold-timer";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { formatMoney } from "@/lib/booking-pages/format";
import { readBooking } from "@/lib/booking-pages/public-api";
import type { BootstrapWorkspace, CreatedBooking } from "@/lib/booking-pages/types";
import { HoldExpired } from "./hold-expired";
import { TestModePayment } from "./test-mode-payment";
import { HOLD_WARNING_SECONDS, type Hold } from "./use-hold";
import styles from "./flow.module.css";

type PaymentStepProps = {
  workspace: BootstrapWorkspace;
  booking: CreatedBooking;
  stripePublishableKey: string | null;
  devTools: boolean;
  hold: Hold;
  onConfirmed: () => void;
  onRestart: () => void;
  headingRef: RefObject<HTMLHeadingElement | null>;
  locale: string;
};

type Intent = { clientSecret: string; connectedAccountId: string; amountCents: number; currency: string };
type Phase = { kind: "pay" } | { kind: "confirming" } | { kind: "declined" } | { kind: "unavailable" } | { kind: "slow" };

/** Stripe's bundle is fetched only for a card payment. */
const StripePayment = dynamic(() => import("./stripe-payment").then((module) => module.StripePayment), { ssr: false });

const POLL_DELAYS_MS = [500, 1000, 1000, 2000, 2000, 3000, 3000, 5000, 5000, 5000];

/** awaiting_payment → pay (Stripe's Payment Element, or the test-mode stand-in), then wait for the confirmation. */
export function PaymentStep({ workspace, booking, stripePublishableKey, devTools, hold, onConfirmed, onRestart, headingRef, locale }: PaymentStepProps) {
  const token = booking.access_token ?? "";
  const [intent, setIntent] = useState<Intent | null>(() =>
    booking.payment
      ? {
          clientSecret: booking.payment.client_secret,
          connectedAccountId: booking.payment.connected_account_id,
          amountCents: booking.payment.amount_cents,
          currency: booking.payment.currency,
        }
      : null,
  );
  const [phase, setPhase] = useState<Phase>({ kind: "pay" });
  const [attempt, setAttempt] = useState(0);
  const live = useRef(true);
  useEffect(() => () => void (live.current = false), []);

  // No payment block on the create response: the processor was unreachable; the read retries it.
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
  const payLabel = amount ? `Pay ${amount}` : "Pay";

  return (
    <div className={styles.panel}>
      <div>
        <h2 ref={headingRef} tabIndex={-1} className={styles.stepHeading}>
          Payment
        </h2>
        {amount && (
          <p className={styles.stepIntro}>
            {amount} is due now to confirm your booking with {workspace.name}.
          </p>
        )}
      </div>
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
              extendLabel="Keep my time"
              onExtend={() => void hold.extend()}
            />
          )}
          {workspace.refund_policy && (
            <Notice tone="info" title="Refund policy">
              <p className={styles.policy}>{workspace.refund_policy}</p>
            </Notice>
          )}
          {phase.kind === "declined" && (
            <Notice tone="error" role="alert" title="Your payment didn't go through">
              Nothing was charged. Please try again or use another card; your time is still held.
            </Notice>
          )}
          {phase.kind === "unavailable" && (
            <Notice
              tone="warning"
              role="alert"
              title="Payment is temporarily unavailable"
              actions={
                <Button
                  size="small"
                  variant="secondary"
                  onClick={() => {
                    setPhase({ kind: "pay" });
                    setAttempt((n) => n + 1);
                  }}
                >
                  Try again
                </Button>
              }
            >
              We couldn't reach the payment service. Your time is still held; please try again shortly.
            </Notice>
          )}
          {phase.kind === "confirming" && (
            <Notice tone="info" role="status" title="Confirming your payment…">
              This only takes a moment.
            </Notice>
          )}
          {phase.kind === "slow" && (
            <Notice tone="info" role="status" title="Your payment is being processed">
              We'll email your confirmation as soon as it's through. You can close this page.
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
                bookingId={booking.id}
                payLabel={payLabel}
                onPaid={() => void waitForConfirmation()}
                onDeclined={() => setPhase({ kind: "declined" })}
              />
            ) : (
              <Notice tone="warning" title="Online payment isn't set up">
                This business can't take card payments online yet. Please contact them to book.
              </Notice>
            ))}
        </>
      )}
    </div>
  );
}
