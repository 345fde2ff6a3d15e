import { syncDueExternalCalendars } from "@/lib/external-calendars/sync-due-calendars";
import { defineCronJob } from "../define-job";

/** Sources one run syncs at most; the next minute's run takes the rest. */
export const EXTERNAL_SYNC_BATCH = 50;

/**
 * Every minute, the external calendars whose sync is due (docs/external-calendars.md). On
 * Inngest one run at a time; the in-process runner runs it on its own interval. A claim on
 * each source's row keeps two instances (or drivers) from syncing the same source at once.
 */
export const syncExternalCalendarsJob = defineCronJob({
  id: "sync-external-calendars",
  trigger: { cron: "* * * * *", concurrency: { limit: 1 } },
  retries: 1,
  handler: async ({ io, loadContext }) =>
    io.run("sync-due-external-calendars", async () => ({ synced: await syncDueExternalCalendars(await loadContext(), { limit: EXTERNAL_SYNC_BATCH }) })),
});
