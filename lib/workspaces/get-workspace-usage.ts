import { and, count, eq, gte, lt, ne } from "drizzle-orm";
import { DateTime } from "luxon";
import type { ServiceContext } from "@/lib/context";
import { outboxMessages, staff } from "@/lib/db/schema";
import { countConfirmedBookings } from "@/lib/accounts/count-usage";
import { billingPeriod } from "@/lib/plans/billing-period";
import type { WorkspaceUsage } from "./schemas";

/** This workspace's contribution to its account's usage in the current period; caps live on the account. */
export async function getWorkspaceUsage({ ctx }: { ctx: Pick<ServiceContext, "db" | "workspace" | "clock"> }): Promise<WorkspaceUsage> {
  const { db, workspace } = ctx;
  const period = billingPeriod(ctx.clock.now());
  const [bookingsThisMonth, [calendars], [sms]] = await Promise.all([
    countConfirmedBookings(db, { workspaceId: workspace.id }, period),
    db
      .select({ n: count() })
      .from(staff)
      .where(and(eq(staff.workspaceId, workspace.id), eq(staff.active, true))),
    db
      .select({ n: count() })
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.workspaceId, workspace.id),
          eq(outboxMessages.channel, "sms"),
          ne(outboxMessages.status, "failed"),
          gte(outboxMessages.createdAt, period.start),
          lt(outboxMessages.createdAt, period.end),
        ),
      ),
  ]);
  return {
    period_start: DateTime.fromJSDate(period.start, { zone: "utc" }).toISODate()!,
    period_end: DateTime.fromJSDate(period.end, { zone: "utc" }).minus({ days: 1 }).toISODate()!,
    bookings_this_month: bookingsThisMonth,
    staff: calendars?.n ?? 0,
    sms_sent_this_month: sms?.n ?? 0,
  };
}
