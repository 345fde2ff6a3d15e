import { DomainError, type PlanDimension } from "@/lib/errors";

export function planLimitExceeded(dimension: PlanDimension, limit: number, used?: number): DomainError {
  const what = { staff: "active calendars", workspaces: "active workspaces", bookings: "bookings this period" }[dimension];
  return new DomainError("plan_limit_exceeded", `Your plan allows ${limit} ${what}. Upgrade the plan to add more.`, {
    dimension,
    limit,
    used,
  });
}
