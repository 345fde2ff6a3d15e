import type { z } from "zod";
import type { JobContext } from "@/lib/context";
import type { JobEvent } from "./events";
import type { DueWorkSweep } from "@/lib/context";

/** What a handler may ask of the driver running it. */
export type JobIo = {
  /** One retriable unit of work; Inngest memoises its (JSON) result, so it never runs twice. */
  run<T>(stepId: string, work: () => Promise<T>): Promise<T>;
  /** Waits a duration ("1m", "2h"). */
  sleep(stepId: string, duration: string): Promise<void>;
  /** Waits until an instant (ISO, UTC). */
  sleepUntil(stepId: string, until: string): Promise<void>;
};

type Field<E extends JobEvent> = keyof z.output<E["schema"]> & string;

type EventTrigger<E extends JobEvent> = {
  event: E;
  /** Only events this expression (Inngest's, over `event`) holds for start a run. */
  if?: string;
  /** Payload fields named here are Inngest's keys: one run per value, runs per value at most `limit`. */
  idempotencyKey?: Field<E>;
  concurrency?: { key?: Field<E>; limit: number };
  /** A later event ends the sleeping run: when its payload field matches, or its expression (over `async` and `event`) holds. */
  cancelOn?: { event: JobEvent; match: Field<E> } | { event: JobEvent; if: string };
};
type CronTrigger = { cron: string; concurrency?: { limit: number } };

/**
 * One background job, the only job type: a stable id (never rename it: drivers key runs by
 * it), what starts it (an event with its zod payload, or a schedule), and a handler that runs
 * one domain step. An event job also names its `sweep`, written beside it: the due-row sweep
 * that does the same work when its event is lost or Inngest is off (the in-process runner and
 * the cron backstop run every sweep, ./sweeps.ts). Drivers (./inngest-functions.ts,
 * ./in-process-runner.ts) only schedule definitions; each reads the app's database and clock
 * through `loadContext` per step. See docs/architecture.md#background-work.
 */
export type JobDefinition<P = unknown> = {
  id: string;
  trigger: EventTrigger<JobEvent> | CronTrigger;
  /** Retries of the driver's own failures (infrastructure), not of a domain outcome. */
  retries: number;
  /** An event job's backstop: finds what is due in the database and does it. */
  sweep?: DueWorkSweep;
  handler: (input: { payload: P; io: JobIo; loadContext: () => Promise<JobContext> }) => Promise<unknown>;
};

export function defineEventJob<E extends JobEvent>(
  definition: { id: string; trigger: EventTrigger<E>; retries: number; sweep: DueWorkSweep } & {
    handler: (input: { payload: z.output<E["schema"]>; io: JobIo; loadContext: () => Promise<JobContext> }) => Promise<unknown>;
  },
): JobDefinition<z.output<E["schema"]>> & { sweep: DueWorkSweep } {
  return definition as JobDefinition<z.output<E["schema"]>> & { sweep: DueWorkSweep };
}

export function defineCronJob(definition: {
  id: string;
  trigger: CronTrigger;
  retries: number;
  handler: (input: { payload: Record<string, never>; io: JobIo; loadContext: () => Promise<JobContext> }) => Promise<unknown>;
}): JobDefinition<Record<string, never>> {
  return definition;
}

/**
 * A step that a job and its sweep share (sending one reminder): its input parsed by its zod
 * schema first, so neither driver hands the domain step anything the schema did not accept.
 */
export function defineJobStep<Input extends z.ZodType, Result>(
  input: Input,
  step: (ctx: JobContext, input: z.output<Input>) => Promise<Result>,
): (ctx: JobContext, input: z.input<Input>) => Promise<Result> {
  return async (ctx, raw) => step(ctx, input.parse(raw));
}

export function isCronJob(definition: JobDefinition): definition is JobDefinition & { trigger: CronTrigger } {
  return "cron" in definition.trigger;
}
