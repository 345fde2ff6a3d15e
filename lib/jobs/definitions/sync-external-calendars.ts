import { syncDueExternalCalendars } from "@/lib/external-calendars/sync-due-calendars";
import { writeBackBookings } from "@/lib/external-calendars/write-back";
import { defineCronJob } from "../define-job";

/** Sources one run syncs at most; the next minute's run takes the rest. */
export const EXTERNAL_SYNC_BATCH = 50;

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
