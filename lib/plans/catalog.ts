import { z } from "zod";

/**
 * The plan catalog, keyed by plan and step. Caps bound active workspaces, active calendars
 * and monthly SMS credits; bookings are counted on every plan and never capped.
 */
export type PlanCaps = {
  maxActiveWorkspaces: number;
  maxStaff: number;
  monthlySmsCredits: number;
  /** Confirmed bookings per billing period; absent means uncapped, as on every plan today (docs/decisions.md#plans). */
  maxConfirmedBookingsPerPeriod?: number;
};

export const PLAN_CATALOG = {
  free: [{ maxActiveWorkspaces: 1, maxStaff: 1, monthlySmsCredits: 0 }],
  starter: [
    { maxActiveWorkspaces: 1, maxStaff: 3, monthlySmsCredits: 100 },
    { maxActiveWorkspaces: 2, maxStaff: 6, monthlySmsCredits: 250 },
    { maxActiveWorkspaces: 3, maxStaff: 10, monthlySmsCredits: 500 },
  ],
  pro: [
    { maxActiveWorkspaces: 5, maxStaff: 15, monthlySmsCredits: 1_000 },
    { maxActiveWorkspaces: 10, maxStaff: 30, monthlySmsCredits: 2_000 },
    { maxActiveWorkspaces: 15, maxStaff: 50, monthlySmsCredits: 3_500 },
    { maxActiveWorkspaces: 20, maxStaff: 75, monthlySmsCredits: 5_000 },
    { maxActiveWorkspaces: 25, maxStaff: 100, monthlySmsCredits: 7_500 },
  ],
} as const satisfies Record<string, readonly PlanCaps[]>;

export type PlanName = keyof typeof PLAN_CATALOG;
export const PLAN_NAMES = Object.keys(PLAN_CATALOG) as PlanName[];
export const PlanNameSchema = z.enum(PLAN_NAMES as [PlanName, ...PlanName[]]);

export function isValidPlanStep(plan: PlanName, step: number): boolean {
  return Number.isInteger(step) && step >= 1 && step <= PLAN_CATALOG[plan].length;
}

export function planCaps(plan: string, step: number): PlanCaps {
  const steps: readonly PlanCaps[] | undefined = PLAN_CATALOG[plan as PlanName];
  if (!steps) return PLAN_CATALOG.free[0];
  return steps[Math.min(Math.max(step, 1), steps.length) - 1]!;
}
