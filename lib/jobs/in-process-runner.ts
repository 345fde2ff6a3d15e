import { getConfig } from "@/lib/config";
import { getDb } from "@/lib/db/client";
import { loadClock } from "@/lib/time/clock";
import { runDueWork } from "./run-due-work";

export type InProcessRunner = { stop: () => Promise<void> };

type Holder = { runner?: InProcessRunner };
const holder: Holder = ((globalThis as { __bookingRunner?: Holder }).__bookingRunner ??= {});

/**
 * DECISIONS §4, the driver without Inngest: every RUNNER_INTERVAL_MS, run all due work.
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

  const tick = async () => {
    try {
      const db = await getDb();
      await runDueWork({ db, clock: await loadClock(db) });
    } catch (error) {
      console.error("in-process runner: a sweep failed; retrying next tick", error);
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
      await current;
      if (holder.runner === runner) holder.runner = undefined;
    },
  };
  holder.runner = runner;
  return runner;
}
