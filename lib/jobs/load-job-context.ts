import { jobContext, loadBaseContext, type JobContext } from "@/lib/context";
import type { JobDefinition } from "./define-job";

/** Each step reads the app's database and its one clock afresh, like every other caller. */
export async function loadJobContext(jobId: string): Promise<JobContext> {
  return jobContext(await loadBaseContext("job"), jobId);
}

/**
 * The driver's side of a definition's payload: parsed with the trigger's schema (a cron job
 * has none), so a handler only ever sees a payload of the declared shape. Throws on any other.
 */
export function parseJobPayload<P>(definition: JobDefinition<P>, data: unknown): P {
  if ("cron" in definition.trigger) return {} as P;
  const result = definition.trigger.event.schema.safeParse(data ?? {});
  if (!result.success) throw new Error(`job ${definition.id}: payload does not match ${definition.trigger.event.name}: ${result.error.message}`);
  return result.data as P;
}
