import { getConfig } from "@/lib/config";
import { processSlot } from "@/lib/process-state";
import { isCronJob, type JobDefinition, type JobIo } from "./define-job";
import { JOB_DEFINITIONS } from "./definitions";
import { loadJobContext, parseJobPayload } from "./load-job-context";
import { getLogger, logError } from "@/lib/log/logger";
import { releaseMessageClaims, stopClaimingMessages } from "@/lib/notifications/send-due-messages";

export type InProcessRunner = { stop: () => Promise<void> };

type Holder = { runner?: InProcessRunner };
const holder: Holder = processSlot<Holder>("runner", () => ({}));

/**
 * docs/decisions.md#background-work, the driver without Inngest: every RUNNER_INTERVAL_MS, run the scheduled
 * (cron) job definitions, whose sweeps do what the event-driven jobs do on Inngest.
 * Every instance may run one; the sweeps claim rows with FOR UPDATE SKIP LOCKED, so they
 * share the work and never send twice. Returns undefined (and starts nothing) when Inngest
 * is configured or the interval is 0. A second call returns the runner already running.
 */
export function startInProcessRunner(options: { intervalMs?: number } = {}): InProcessRunner | undefined {
  const config = getConfig();
  const intervalMs = options.intervalMs ?? config.runnerIntervalMs;
  if (config.inngest.enabled || intervalMs <= 0) return undefined;
  if (holder.runner) return holder.runner;

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> = Promise.resolve();
  /** Sweeps whose last run failed: their next success is logged as a recovery. */
  const failing = new Set<string>();

  const tick = async () => {
    for (const definition of JOB_DEFINITIONS.filter(isCronJob)) {
      // A stop (SIGTERM) waits for the step under way, not for the rest of the round.
      if (stopped) return;
      try {
        await runInProcess(definition, {});
        if (failing.delete(definition.id)) getLogger().info({ job: definition.id }, "in-process runner: the sweep recovered");
      } catch (error) {
        failing.add(definition.id);
        logError("in-process runner: a sweep failed; retrying next tick", error, { job: definition.id });
      }
    }
  };
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      current = tick().then(schedule);
    }, intervalMs);
    timer.unref();
  };
  schedule();

  const runner: InProcessRunner = {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      // The outbox claims no more; what it still holds once the step ends is released at once (SIGTERM, docs/idempotency.md#messages).
      const resumeClaiming = stopClaimingMessages();
      await current;
      await loadJobContext("shutdown")
        .then((ctx) => releaseMessageClaims(ctx.db))
        .then((released) => released > 0 && getLogger().info({ released }, "in-process runner: outbox claims released"))
        .catch((error: unknown) => logError("in-process runner: the outbox claims could not be released; their lease frees them", error))
        .finally(resumeClaiming);
      if (holder.runner === runner) holder.runner = undefined;
    },
  };
  holder.runner = runner;
  return runner;
}

/** Steps run at once, in this process; a scheduled job never sleeps (the next tick comes instead). */
const IN_PROCESS_IO: JobIo = {
  run: (_stepId, work) => work(),
  sleep: async (stepId) => {
    throw new Error(`in-process runner: ${stepId}: scheduled jobs do not sleep`);
  },
  sleepUntil: async (stepId) => {
    throw new Error(`in-process runner: ${stepId}: scheduled jobs do not sleep`);
  },
};

async function runInProcess(definition: JobDefinition, data: unknown): Promise<unknown> {
  const payload = parseJobPayload(definition, data);
  return definition.handler({ payload, io: IN_PROCESS_IO, loadContext: () => loadJobContext(definition.id) });
}
