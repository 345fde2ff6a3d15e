import { expireHold } from "@/lib/bookings/expire-hold";
import { expireLapsedHolds } from "@/lib/bookings/hold-expiry-sweep";
import { toUtcIsoOrNull } from "@/lib/time/zoned";
import { defineEventJob } from "../define-job";
import { bookingHoldPlaced, bookingHoldSettled } from "../events";
import type { DueWorkSweep } from "@/lib/context";

/** The backstop of expire-hold (the in-process runner's driver, and the Inngest cron's): every lapsed hold. */
export const holdExpirySweep: DueWorkSweep = { name: "hold-expiry", run: expireLapsedHolds };

/**
 * Sleeps until a hold lapses, then runs the guarded expiry step; a settled hold (confirmed,
 * cancelled) cancels the sleeping run. Lazy expiry and the cron backstop keep holds correct
 * even when this never runs.
 */
export const expireHoldJob = defineEventJob({
  id: "expire-hold",
  trigger: { event: bookingHoldPlaced, cancelOn: { event: bookingHoldSettled, match: "bookingId" } },
  retries: 3,
  sweep: holdExpirySweep,
  handler: async ({ payload, io, loadContext }) => {
    await io.sleepUntil("until-hold-expiry", payload.holdExpiresAt);
    return io.run("expire", async () => {
      const ctx = await loadContext();
      const result = await expireHold(ctx.db, payload.bookingId, ctx.clock.now());
      return { expired: result.expired, nextDueAt: toUtcIsoOrNull(result.nextDueAt) };
    });
  },
});
