import type { z } from "zod";
import type { JobContext } from "@/lib/context";

/**
 * A background job as data: a stable id, the payload's zod schema and a handler that calls one
 * domain step. The drivers (Inngest functions, the in-process runner's sweeps) only decide
 * when to run it; `run` parses the payload first, so a driver never hands the step anything
 * the schema did not accept.
 */
export type JobDefinition<Payload extends z.ZodType, Result> = {
  id: string;
  payload: Payload;
  handler: (ctx: JobContext, payload: z.output<Payload>) => Promise<Result>;
  run: (ctx: JobContext, payload: z.input<Payload>) => Promise<Result>;
};

export function defineJob<Payload extends z.ZodType, Result>(definition: Omit<JobDefinition<Payload, Result>, "run">): JobDefinition<Payload, Result> {
  return { ...definition, run: async (ctx, payload) => definition.handler(ctx, definition.payload.parse(payload)) };
}
