import { and, eq, gt, sql } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { accounts } from "@/lib/db/schema";
import { billingPeriod } from "@/lib/plans/billing-period";
import { planCaps } from "@/lib/plans/catalog";

/**
 * Spends one SMS credit of the account: the month's plan credits first, then bought top-up
 * credits. Each step is one guarded UPDATE, so concurrent bookings can never spend more than
 * exists or drive a balance below zero. Returns false when nothing is left (email only).
 */
export async function consumeSmsCredit(tx: Queryable, accountId: string, now: Date): Promise<boolean> {
  const [account] = await tx.select({ plan: accounts.plan, planStep: accounts.planStep }).from(accounts).where(eq(accounts.id, accountId));
  if (!account) return false;
  const monthlyCredits = planCaps(account.plan, account.planStep).monthlySmsCredits;
  const period = billingPeriod(now).key;
  // Usage recorded for an earlier month counts as zero: a new period starts fresh.
  const usedThisPeriod = sql`(CASE WHEN ${accounts.smsPeriod} = ${period} THEN ${accounts.smsMonthlyUsed} ELSE 0 END)`;
  if (monthlyCredits > 0) {
    const spentMonthly = await tx
      .update(accounts)
      .set({ smsPeriod: period, smsMonthlyUsed: sql`${usedThisPeriod} + 1` })
      .where(and(eq(accounts.id, accountId), sql`${usedThisPeriod} < ${monthlyCredits}`))
      .returning({ id: accounts.id });
    if (spentMonthly.length > 0) return true;
  }
  const spentTopup = await tx
    .update(accounts)
    .set({ smsTopupBalance: sql`${accounts.smsTopupBalance} - 1` })
    .where(and(eq(accounts.id, accountId), gt(accounts.smsTopupBalance, 0)))
    .returning({ id: accounts.id });
  return spentTopup.length > 0;
}
