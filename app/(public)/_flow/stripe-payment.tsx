"use client";

import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Appearance, Stripe } from "@stripe/stripe-js";
// The "pure" entry loads Stripe.js only when a payment is actually shown, never on page load.
import { loadStripe } from "@stripe/stripe-js/pure";
import { useTranslations } from "next-intl";
import { useMemo, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import styles from "./flow.module.css";

/**
 * One Stripe.js instance per connected account: direct charges live on the business's
 * account, so Stripe must be constructed with stripeAccount (a single cached instance for
 * every account is the trap docs/decisions.md#payments warns about).
 */
const instances = new Map<string, Promise<Stripe | null>>();

function stripeFor(platformKey: string, connectedAccountId: string): Promise<Stripe | null> {
  const key = `${platformKey}|${connectedAccountId}`;
  let instance = instances.get(key);
  if (!instance) {
    instance = loadStripe(platformKey, { stripeAccount: connectedAccountId });
    instances.set(key, instance);
  }
  return instance;
}

type StripePaymentProps = {
  platformKey: string;
  connectedAccountId: string;
  clientSecret: string;
  payLabel: string;
  returnUrl: string;
  onPaid: () => void;
};

/**
 * Stripe draws its form in its own frame, outside our CSS: it gets the page's colour tokens
 * (the business's brand, light or dark, as the server rendered them; docs/brand.md) read once
 * when the form mounts.
 */
function appearanceFromTokens(): Appearance {
  if (typeof document === "undefined") return { theme: "stripe" };
  const style = getComputedStyle(document.documentElement);
  const token = (name: string) => style.getPropertyValue(`--color-${name}`).trim();
  return {
    theme: style.getPropertyValue("--theme-scheme").trim() === "dark" ? "night" : "stripe",
    variables: {
      colorPrimary: token("primary"),
      colorBackground: token("surface"),
      colorText: token("text"),
      colorDanger: token("danger"),
      borderRadius: "10px",
    },
  };
}

export function StripePayment(props: StripePaymentProps) {
  const appearance = useMemo(appearanceFromTokens, []);
  return (
    <Elements stripe={stripeFor(props.platformKey, props.connectedAccountId)} options={{ clientSecret: props.clientSecret, appearance }}>
      <PaymentForm payLabel={props.payLabel} returnUrl={props.returnUrl} onPaid={props.onPaid} />
    </Elements>
  );
}

function PaymentForm({ payLabel, returnUrl, onPaid }: { payLabel: string; returnUrl: string; onPaid: () => void }) {
  const t = useTranslations("flow.payment");
  const stripe = useStripe();
  const elements = useElements();
  const [paying, setPaying] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!stripe || !elements) return;
    setPaying(true);
    setError(null);
    // Cards and wallets confirm in place; a bank redirect comes back to the manage page.
    const result = await stripe.confirmPayment({ elements, redirect: "if_required", confirmParams: { return_url: returnUrl } });
    setPaying(false);
    if (result.error) {
      setError(result.error.message ?? t("cardErrorBody"));
      return;
    }
    onPaid();
  }

  return (
    <form className={styles.stack} onSubmit={(event) => void submit(event)}>
      <PaymentElement options={{ layout: "tabs" }} />
      {error && (
        <Notice tone="error" role="alert" title={t("cardErrorTitle")}>
          {error}
        </Notice>
      )}
      <Button type="submit" busy={paying || !stripe} block>
        {payLabel}
      </Button>
    </form>
  );
}
