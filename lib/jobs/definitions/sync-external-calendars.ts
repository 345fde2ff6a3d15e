import { syncDueExternalCalendars } from "@/lib/external-calendars/sync-due-calendars";
import { writeBackBookings } from "@/lib/external-calendars/write-back";
import { defineCronJob } from "../define-job";

/**
 * Sources one run syncs (and events it writes back) at most; the next run takes the rest. Small,
 * so that on the in-process runner, whose ticks run every scheduled job in turn, slow calendar
 * servers (15 s each at worst, 8 at once) hold the next tick's other work back by 30 s at most.
 */
export const EXTERNAL_SYNC_BATCH = 16;

/**
 * Every minute, the external calendars whose sync is due, then CalDAV write-back of bookings
 * (docs/external-calendars.md). On
 * Inngest one run at a time; the in-process runner runs it on its own interval. A claim on
 * each source's row keeps two instances (or drivers) from syncing the same source at once.
 */
export const syncExternalCalendarsJob = defineCronJob({
  id: "sync-external-calendars",
  trigger: { cron: "* * * * *", concurrency: { limit: 1 } },
  retries: 1,
  handler: async ({ io, loadContext }) => {
    const synced = await io.run("sync-due-external-calendars", async () => syncDueExternalCalendars(await loadContext(), { limit: EXTERNAL_SYNC_BATCH }));
    const written = await io.run("write-back-bookings", async () => writeBackBookings(await loadContext(), { limit: EXTERNAL_SYNC_BATCH }));
    return { synced, written };
  },
});
