import { validationFailed } from "@/lib/errors";
import { computePaymentAmountCents } from "./payment-amount";
import type { PaymentMode } from "./schemas";

export type PaymentInput = {
  payment_mode: PaymentMode;
  price_cents?: number | null;
  deposit_amount_cents?: number | null;
  deposit_percent?: number | null;
};

const present = (value: number | null | undefined): value is number => value !== null && value !== undefined;

/**
 * The spec's payment rules 2–6 on a write (rule 1, payment_mode required, and "no zero
 * amounts" on each field are in the schema). Each refusal names the field to fix.
 */
export function checkPaymentRules(input: PaymentInput): void {
  const { payment_mode: mode, price_cents: price, deposit_amount_cents: fixed, deposit_percent: percent } = input;
  const refuse = (param: string, message: string) => {
    throw validationFailed(param, `${param}: ${message}`);
  };
  switch (mode) {
    case "none":
      if (present(fixed)) refuse("deposit_amount_cents", "payment_mode none takes no deposit; send null.");
      if (present(percent)) refuse("deposit_percent", "payment_mode none takes no deposit; send null.");
      return;
    case "full":
      if (!present(price)) refuse("price_cents", "payment_mode full charges the price, so price_cents is required.");
      if (present(fixed)) refuse("deposit_amount_cents", "payment_mode full takes no deposit; send null.");
      if (present(percent)) refuse("deposit_percent", "payment_mode full takes no deposit; send null.");
      return;
    case "deposit_fixed":
      if (!present(fixed)) refuse("deposit_amount_cents", "payment_mode deposit_fixed needs deposit_amount_cents.");
      if (present(percent)) refuse("deposit_percent", "payment_mode deposit_fixed takes no deposit_percent; send null.");
      if (present(price) && fixed! > price) refuse("deposit_amount_cents", "the deposit cannot exceed price_cents.");
      return;
    case "deposit_percent":
      if (!present(percent)) refuse("deposit_percent", "payment_mode deposit_percent needs deposit_percent (1 to 100).");
      if (!present(price)) refuse("price_cents", "payment_mode deposit_percent needs price_cents to take a percentage of.");
      if (present(fixed)) refuse("deposit_amount_cents", "payment_mode deposit_percent takes no deposit_amount_cents; send null.");
      // Rule 6: whatever the mode charges must exceed zero, after rounding.
      if (computePaymentAmountCents({ paymentMode: mode, priceCents: price!, depositAmountCents: null, depositPercent: percent! }) === null) {
        refuse("deposit_percent", `${percent}% of ${price} rounds to 0; the amount charged must be above zero.`);
      }
      return;
  }
}
