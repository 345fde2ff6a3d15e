"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import styles from "./flow.module.css";

type TestModePaymentProps = {
  bookingId: string;
  payLabel: string;
  onPaid: () => void;
  onDeclined: () => void;
  /**
   * Asks the server whether the hold is still live. A refused payment most often means the hold
   * ended (the app's clock may have moved past it while the page still counted down): then the
   * hold shows as ended, in the same words as every other step, instead of a generic error.
   */
  stillHeld: () => Promise<boolean>;
};

/**
 * Without Stripe the embedded app runs a test-mode processor (docs/decisions.md#settings) whose payments
 * the dev tools settle. This stands in for the card form so the whole flow can be tried.
 */
export function TestModePayment({ bookingId, payLabel, onPaid, onDeclined, stillHeld }: TestModePaymentProps) {
  const t = useTranslations("flow.payment");
  const [busy, setBusy] = useState<"succeed" | "fail" | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function settle(outcome: "succeed" | "fail") {
    setBusy(outcome);
    setError(null);
    // The page's countdown runs on the clock it last synced, so it cannot see the app's clock
    // jump (the dev tools move it): the server is asked before a test card pays for a time the
    // hold no longer keeps, and again after any refusal.
    if (!(await isHeld())) return;
    let refused = false;
    try {
      const response = await fetch(`/dev/payments/${encodeURIComponent(bookingId)}/${outcome}`, { method: "POST", headers: { Accept: "application/json" } });
      refused = !response.ok;
    } catch {
      refused = true;
    }
    if (refused) {
      // An ended hold replaces this form with the lapsed notice; anything else may be tried again.
      if (await isHeld()) {
        setBusy(null);
        setError(t("testErrorBody"));
      }
      return;
    }
    setBusy(null);
    if (outcome === "succeed") onPaid();
    else onDeclined();
  }

  /** Whether the hold is live; an unreachable server is not taken as an ended hold. */
  async function isHeld(): Promise<boolean> {
    const held = await stillHeld().catch(() => true);
    if (!held) setBusy(null);
    return held;
  }

  return (
    <div className={styles.stack}>
      <Notice tone="warning" title={t("testTitle")}>
        {t("testBody")}
      </Notice>
      {error && (
        <Notice tone="error" role="alert" title={t("testErrorTitle")}>
          {error}
        </Notice>
      )}
      <Button block busy={busy === "succeed"} onClick={() => void settle("succeed")}>
        {t("testPay", { label: payLabel })}
      </Button>
      <Button block variant="secondary" busy={busy === "fail"} onClick={() => void settle("fail")}>
        {t("testDecline")}
      </Button>
    </div>
  );
}
