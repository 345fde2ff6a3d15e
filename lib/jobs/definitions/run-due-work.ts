import { defineCronJob } from "../define-job";
import { runDueWork } from "../run-due-work";

/**
 * The backstop: every minute, everything due on the app clock (deliveries whose event was
 * lost or whose endpoint came back, lapsed holds, unsent messages). On Inngest it follows
 * the event-driven jobs; the in-process runner runs it on its own interval. Claims keep it
 * from double-sending alongside deliver-webhook.
 */
export const runDueWorkJob = defineCronJob({
  id: "run-due-work",
  trigger: { cron: "* * * * *", concurrency: { limit: 1 } },
  retries: 1,
  handler: async ({ io, loadContext }) => io.run("run-due-work", async () => runDueWork(await loadContext())),
});
