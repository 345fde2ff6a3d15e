import type { JobContext } from "@/lib/context";

/**
 * One kind of background work that the in-process runner (and the Inngest cron backstop)
 * sweeps: it claims due rows with FOR UPDATE SKIP LOCKED, runs one domain step for each,
 * and returns how many it processed. An event job's sweep sits beside its definition
 * (./definitions/*.ts); all are listed, in order, in ./sweeps.ts.
 */
export type DueWorkSweep = {
  name: string;
  run: (ctx: JobContext, options: { limit: number }) => Promise<number>;
};
