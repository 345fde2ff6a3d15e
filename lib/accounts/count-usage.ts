import { and, count, eq, gte, isNotNull, lt } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { bookings, staff, workspaces } from "@/lib/db/schema";

/** Live workspaces of an account. */
export async function countActiveWorkspaces(db: Queryable, accountId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(workspaces)
    .where(and(eq(workspaces.accountId, accountId), eq(workspaces.active, true)));
  return row?.n ?? 0;
}

/** Active calendars across the account's live workspaces. */
export async function countActiveStaff(db: Queryable, accountId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(staff)
    .innerJoin(workspaces, eq(workspaces.id, staff.workspaceId))
    .where(and(eq(workspaces.accountId, accountId), eq(workspaces.active, true), eq(staff.active, true)));
  return row?.n ?? 0;
}

/** Bookings confirmed in the period: what counts against the plan allowance. */
export async function countConfirmedBookings(
  db: Queryable,
  scope: { accountId?: string; workspaceId?: string },
  period: { start: Date; end: Date },
): Promise<number> {
  const inPeriod = and(isNotNull(bookings.confirmedAt), gte(bookings.confirmedAt, period.start), lt(bookings.confirmedAt, period.end));
  if (scope.workspaceId) {
    const [row] = await db
      .select({ n: count() })
      .from(bookings)
      .where(and(eq(bookings.workspaceId, scope.workspaceId), inPeriod));
    return row?.n ?? 0;
  }
  const [row] = await db
    .select({ n: count() })
    .from(bookings)
    .innerJoin(workspaces, eq(workspaces.id, bookings.workspaceId))
    .where(and(eq(workspaces.accountId, scope.accountId!), inPeriod));
  return row?.n ?? 0;
}
