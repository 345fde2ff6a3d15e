import type { PaymentMode } from "./schemas";

export type PaymentTerms = {
  paymentMode: PaymentMode;
  priceCents: number | null;
  depositAmountCents: number | null;
  depositPercent: number | null;
};

/**
 * `percent`% of `priceCents`, rounded half up to a whole cent, in integer arithmetic so no
 * float error can move a half cent (e.g. 25% of 250 = 62.5 → 63).
 */
export function percentOfCentsHalfUp(priceCents: number, percent: number): number {
  return Math.floor((priceCents * percent + 50) / 100);
}

/**
 * What a customer pays at booking time: the one place this is computed (clients must not).
 * Null when the service takes no payment, and also when its terms cannot produce a positive
 * amount (a misconfigured service, which cannot be booked).
 */
export function computePaymentAmountCents(terms: PaymentTerms): number | null {
  const amount = rawAmount(terms);
  return amount !== null && Number.isSafeInteger(amount) && amount > 0 ? amount : null;
}

function rawAmount({ paymentMode, priceCents, depositAmountCents, depositPercent }: PaymentTerms): number | null {
  switch (paymentMode) {
    case "none":
      return null;
    case "full":
      return priceCents;
    case "deposit_fixed":
      // A deposit above the published price cannot be right; treat it as misconfigured.
      if (depositAmountCents !== null && priceCents !== null && depositAmountCents > priceCents) return null;
      return depositAmountCents;
    case "deposit_percent":
      if (priceCents === null || depositPercent === null || depositPercent < 1 || depositPercent > 100) return null;
      return percentOfCentsHalfUp(priceCents, depositPercent);
  }
}
