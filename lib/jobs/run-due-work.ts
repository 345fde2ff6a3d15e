import { DUE_WORK_SWEEPS } from "./sweeps";
import { jobContext, type BaseContext } from "@/lib/context";
import type { DueWorkSweep } from "@/lib/context";

/** Rows one sweep claims per round; a full round means more may be due, so it sweeps again. */
export const SWEEP_BATCH_SIZE = 50;
/** Bounds one call so a sweep that keeps finding work cannot hold the caller forever. */
export const MAX_ROUNDS_PER_SWEEP = 20;

/**
 * Runs everything due at `ctx.clock.now()` once, sweep by sweep, and returns how many items
 * each sweep processed (`{ "webhook-deliveries": 2, … }`). Used by POST /dev/jobs/run, the
 * in-process runner and the Inngest cron backstop. A failing sweep does not stop the others;
 * after all ran, the failures are thrown together so callers see them.
 */
export async function runDueWork(base: Pick<BaseContext, "db" | "clock">, sweeps: DueWorkSweep[] = DUE_WORK_SWEEPS): Promise<Record<string, number>> {
  const ctx = jobContext(base, "run-due-work");
  const counts: Record<string, number> = {};
  const failures: unknown[] = [];
  for (const sweep of sweeps) {
    counts[sweep.name] = 0;
    try {
      for (let round = 0; round < MAX_ROUNDS_PER_SWEEP; round++) {
        const processed = await sweep.run(ctx, { limit: SWEEP_BATCH_SIZE });
        counts[sweep.name] += processed;
        if (processed < SWEEP_BATCH_SIZE) break;
      }
    } catch (error) {
      failures.push(error);
    }
  }
  if (failures.length > 0) throw new AggregateError(failures, `Background sweeps failed: ${failures.length}`);
  return counts;
}
