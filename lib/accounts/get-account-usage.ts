import { DateTime } from "luxon";
import type { AccountContext } from "@/lib/context";
import { billingPeriod } from "@/lib/plans/billing-period";
import { planCaps } from "@/lib/plans/catalog";
import { countActiveStaff, countActiveWorkspaces, countConfirmedBookings } from "./count-usage";
import type { AccountUsage } from "./schemas";

export async function getAccountUsage({ ctx }: { ctx: Pick<AccountContext, "db" | "account" | "clock"> }): Promise<AccountUsage> {
  const { account, db } = ctx;
  const period = billingPeriod(ctx.clock.now());
  const caps = planCaps(account.plan, account.planStep);
  const [activeWorkspaces, activeStaff, bookingsThisMonth] = await Promise.all([
    countActiveWorkspaces(db, account.id),
    countActiveStaff(db, account.id),
    countConfirmedBookings(db, { accountId: account.id }, period),
  ]);
  const monthlyUsed = account.smsPeriod === period.key ? account.smsMonthlyUsed : 0;
  return {
    plan: account.plan,
    plan_step: account.planStep,
    period_start: DateTime.fromJSDate(period.start, { zone: "utc" }).toISODate()!,
    period_end: DateTime.fromJSDate(period.end, { zone: "utc" }).minus({ days: 1 }).toISODate()!,
    bookings_this_month: bookingsThisMonth,
    active_workspaces: activeWorkspaces,
    max_active_workspaces: caps.maxActiveWorkspaces,
    staff: activeStaff,
    max_staff: caps.maxStaff,
    monthly_sms_credits: caps.monthlySmsCredits,
    sms_credits_remaining: Math.max(0, caps.monthlySmsCredits - monthlyUsed),
    sms_topup_balance: account.smsTopupBalance,
    extra_locations: account.extraLocations,
  };
}
