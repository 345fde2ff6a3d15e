import { describe, expect, it } from "vitest";
import { fixedClock } from "@/lib/time/clock";
import { currentDb } from "@/tests/helpers/test-db";
import { runDueWork, SWEEP_BATCH_SIZE, MAX_ROUNDS_PER_SWEEP } from "./run-due-work";
import { isCronJob } from "./define-job";
import { JOB_DEFINITIONS } from "./definitions";
import { DUE_WORK_SWEEPS } from "./sweeps";
import type { JobContext } from "@/lib/context";
import type { DueWorkSweep } from "@/lib/context";

const ctx = () => ({ db: currentDb().db, clock: fixedClock(new Date("2031-01-01T00:00:00Z")) });

/** A sweep with `due` items that processes at most `limit` per call. */
function fakeSweep(name: string, due: number): DueWorkSweep & { calls: number } {
  const sweep = {
    name,
    calls: 0,
    async run(_ctx: JobContext, { limit }: { limit: number }) {
      sweep.calls++;
      const processed = Math.min(due, limit);
      due -= processed;
      return processed;
    },
  };
  return sweep;
}

describe("every event job is backed by its sweep", () => {
  it("each event job names a sweep, and the runner and the cron backstop run it", () => {
    const eventJobs = JOB_DEFINITIONS.filter((job) => !isCronJob(job));
    expect(eventJobs.map((job) => job.id)).toEqual(expect.arrayContaining(["booking-reminders", "deliver-webhook", "expire-hold"]));
    for (const job of eventJobs) {
      expect(job.sweep, job.id).toBeDefined();
      expect(DUE_WORK_SWEEPS, job.id).toContain(job.sweep);
    }
  });
});

describe("runDueWork", () => {
  it("sweeps each kind until a round comes back short, and counts per sweep", async () => {
    const many = fakeSweep("many", SWEEP_BATCH_SIZE * 2 + 3);
    const none = fakeSweep("none", 0);
    expect(await runDueWork(ctx(), [many, none])).toEqual({ many: SWEEP_BATCH_SIZE * 2 + 3, none: 0 });
    expect(many.calls).toBe(3);
    expect(none.calls).toBe(1);
  });

  it("stops a sweep that keeps finding work after a bounded number of rounds", async () => {
    const endless: DueWorkSweep = { name: "endless", run: async (_ctx, { limit }) => limit };
    expect(await runDueWork(ctx(), [endless])).toEqual({ endless: SWEEP_BATCH_SIZE * MAX_ROUNDS_PER_SWEEP });
  });

  it("a failing sweep does not stop the others; the failure is thrown afterwards", async () => {
    const after = fakeSweep("after", 2);
    const broken: DueWorkSweep = {
      name: "broken",
      run: async () => {
        throw new Error("boom");
      },
    };
    const error = await runDueWork(ctx(), [broken, after]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AggregateError);
    expect((error as AggregateError).errors.map((e: Error) => e.message)).toEqual(["boom"]);
    expect(after.calls).toBe(1);
  });

  it("the registered sweeps include webhook deliveries", () => {
    expect(DUE_WORK_SWEEPS.map((sweep) => sweep.name)).toContain("webhook_deliveries");
  });
});
