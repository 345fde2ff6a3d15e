import type { Queryable } from "@/lib/db/client";
import type { WorkspaceRow } from "@/lib/db/schema";
import { validationFailed } from "@/lib/errors";
import type { Clock } from "@/lib/time/clock";
import type { AvailabilityRevision } from "./revision";
import { DAY_MS } from "./zone-timeline";

/** docs/decisions.md#bookings: the range may span at most 62 × 24 hours. */
export const MAX_AVAILABILITY_RANGE_DAYS = 62;

/**
 * Everything of the workspace an answer depends on: the engine sees only these, and
 * answer-cache.ts keys cached slot tables by their values, so a setting that starts to matter here
 * is added to this list and to the key at once.
 */
export const AVAILABILITY_WORKSPACE_FIELDS = ["id", "timezone", "slotIntervalMinutes", "stripeAccountId"] as const;
export type AvailabilityWorkspace = Pick<WorkspaceRow, (typeof AVAILABILITY_WORKSPACE_FIELDS)[number]>;
/**
 * `availabilityRevision`: the workspace's revisions when the caller has read them already,
 * before any availability data (the API reads them with the key); otherwise answer-cache.ts reads them.
 */
export type AvailabilityContext = { db: Queryable; clock: Clock; workspace: AvailabilityWorkspace; availabilityRevision?: AvailabilityRevision };
export type GetAvailabilityInput = { serviceId: string; from: Date; to: Date; excludeBookingId?: string };

/** docs/decisions.md#bookings: from before to, at most 62 days apart. */
export function assertRange(fromMs: number, toMs: number): void {
  if (toMs <= fromMs) throw validationFailed("to", "to must be after from.");
  if (toMs - fromMs > MAX_AVAILABILITY_RANGE_DAYS * DAY_MS) {
    throw validationFailed("to", `The range may span at most ${MAX_AVAILABILITY_RANGE_DAYS} days.`);
  }
}
