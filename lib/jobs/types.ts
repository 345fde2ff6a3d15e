import type { JobContext } from "@/lib/context";

/**
 * One kind of background work that the in-process runner (and the Inngest cron backstop)
 * sweeps: it claims due rows with FOR UPDATE SKIP LOCKED, runs one domain step for each,
 * and returns how many it processed. Each domain registers its sweep in ./sweeps.ts.
 */
export type DueWorkSweep = {
  name: string;
  run: (ctx: JobContext, options: { limit: number }) => Promise<number>;
};
