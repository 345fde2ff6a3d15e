import type { DueWorkSweep } from "@/lib/context";
import { offerFreedSeats, sweepWaitlists } from "@/lib/waitlist/offer-seats";
import { defineEventJob } from "../define-job";
import { waitlistSeatFreed } from "../events";

/**
 * The backstop of offer-waitlist-seats (the in-process runner's driver, and the Inngest cron's):
 * every session with a live waitlist entry. It also covers the seats no event announces: a hold
 * that lapsed, a booking moved away, a raised capacity, an offer that lapsed, a start that passed.
 */
export const waitlistSweep: DueWorkSweep = { name: "waitlist-offers", run: sweepWaitlists };

/**
 * A class seat was given back: the session's waitlist is offered it at once, by the same step
 * the sweep runs (docs/series-and-waitlists.md). One run per session at a time; the step's row
 * locks keep it right even when runs overlap.
 */
export const offerWaitlistSeatsJob = defineEventJob({
  id: "offer-waitlist-seats",
  trigger: { event: waitlistSeatFreed, concurrency: { key: "serviceId", limit: 1 } },
  retries: 3,
  sweep: waitlistSweep,
  handler: async ({ payload, io, loadContext }) =>
    io.run("offer", async () => {
      const ctx = await loadContext();
      const changed = await offerFreedSeats(ctx, { ...payload, startsAt: new Date(payload.startsAt) });
      return { changed };
    }),
});
