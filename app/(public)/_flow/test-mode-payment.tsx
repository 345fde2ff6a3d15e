"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import styles from "./flow.module.css";

type TestModePaymentProps = { bookingId: string; payLabel: string; onPaid: () => void; onDeclined: () => void };

/**
 * Without Stripe the embedded app runs a test-mode processor (docs/decisions.md#settings) whose payments
 * the dev tools settle. This stands in for the card form so the whole flow can be tried.
 */
export function TestModePayment({ bookingId, payLabel, onPaid, onDeclined }: TestModePaymentProps) {
  const t = useTranslations("flow.payment");
  const [busy, setBusy] = useState<"succeed" | "fail" | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function settle(outcome: "succeed" | "fail") {
    setBusy(outcome);
    setError(null);
    try {
      const response = await fetch(`/dev/payments/${encodeURIComponent(bookingId)}/${outcome}`, { method: "POST", headers: { Accept: "application/json" } });
      if (!response.ok) throw new Error(String(response.status));
      if (outcome === "succeed") onPaid();
      else onDeclined();
    } catch {
      setError(t("testErrorBody"));
    } finally {
      setBusy(null);
    }
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
