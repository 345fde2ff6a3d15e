import { eq } from "drizzle-orm";
import { countConfirmedBookings } from "@/lib/accounts/count-usage";
import type { Queryable } from "@/lib/db/client";
import { accounts, type AccountRow } from "@/lib/db/schema";
import { billingPeriod } from "./billing-period";
import { planCaps } from "./catalog";
import { planLimitExceeded } from "./limits";

/**
 * Confirmation (verify, confirm, an immediately confirmed create) counts against the plan's
 * booking allowance. No plan caps bookings today, so this refuses only once a cap exists in
 * the catalog; then it holds the account row, so concurrent confirmations cannot pass the
 * cap together. Call it inside the confirming transaction. A bookings refusal names no `used`.
 */
export async function assertBookingConfirmationAllowed(
  tx: Queryable,
  input: { accountId: string; now: Date; /** The account's plan when the caller has read it already. */ plan?: Pick<AccountRow, "plan" | "planStep"> },
): Promise<void> {
  const [account] = input.plan
    ? [input.plan]
    : await tx.select({ plan: accounts.plan, planStep: accounts.planStep }).from(accounts).where(eq(accounts.id, input.accountId));
  if (!account) throw new Error(`account ${input.accountId} not found`);
  const limit = planCaps(account.plan, account.planStep).maxConfirmedBookingsPerPeriod;
  if (limit === undefined) return;
  await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, input.accountId)).for("update");
  const used = await countConfirmedBookings(tx, { accountId: input.accountId }, billingPeriod(input.now));
  if (used >= limit) throw planLimitExceeded("bookings", limit);
}
