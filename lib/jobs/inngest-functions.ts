import { eventType, NonRetriableError } from "inngest";
import type { JobDefinition, JobIo } from "./define-job";
import { JOB_DEFINITIONS } from "./definitions";
import { deliverWebhookJob } from "./definitions/deliver-webhook";
import { expireHoldJob } from "./definitions/expire-hold";
import { offerWaitlistSeatsJob } from "./definitions/offer-waitlist-seats";
import { remindBookingJob } from "./definitions/remind-booking";
import { runDueWorkJob } from "./definitions/run-due-work";
import { syncExternalCalendarsJob } from "./definitions/sync-external-calendars";
import type { JobEvent } from "./events";
import { inngest } from "./inngest-client";
import { loadJobContext, parseJobPayload } from "./load-job-context";

/**
 * The Inngest driver: one Inngest function per job definition, and nothing else. Payload
 * fields a definition names (idempotency, concurrency, cancellation) become Inngest's
 * `event.data.*` expressions; a payload that fails its schema fails the run for good.
 */
function toInngestFunction(definition: JobDefinition) {
  const { trigger } = definition;
  const options =
    "cron" in trigger
      ? { id: definition.id, triggers: [{ cron: trigger.cron }], ...(trigger.concurrency && { concurrency: trigger.concurrency }), retries: definition.retries }
      : {
          id: definition.id,
          triggers: [trigger.if === undefined ? toEventType(trigger.event) : { event: toEventType(trigger.event), if: trigger.if }],
          ...(trigger.idempotencyKey && { idempotency: `event.data.${trigger.idempotencyKey}` }),
          ...(trigger.concurrency && { concurrency: { key: `event.data.${trigger.concurrency.key}`, limit: trigger.concurrency.limit } }),
          ...(trigger.cancelOn && { cancelOn: [toCancelOn(trigger.cancelOn)] }),
          retries: definition.retries,
        };
  return inngest.createFunction(options as never, async ({ event, step }: { event: { data: unknown }; step: InngestStep }) => {
    let payload: unknown;
    try {
      payload = parseJobPayload(definition, event.data);
    } catch (error) {
      throw new NonRetriableError(String(error instanceof Error ? error.message : error));
    }
    return definition.handler({ payload, io: toJobIo(step), loadContext: () => loadJobContext(definition.id) });
  });
}

type InngestStep = {
  run: (id: string, work: () => Promise<unknown>) => Promise<unknown>;
  sleep: (id: string, duration: string) => Promise<void>;
  sleepUntil: (id: string, until: string) => Promise<void>;
};

function toJobIo(step: InngestStep): JobIo {
  return {
    run: <T>(id: string, work: () => Promise<T>) => step.run(id, work) as Promise<T>,
    sleep: (id, duration) => step.sleep(id, duration),
    sleepUntil: (id, until) => step.sleepUntil(id, until),
  };
}

function toCancelOn(cancelOn: { event: JobEvent; match: string } | { event: JobEvent; if: string }) {
  const event = toEventType(cancelOn.event);
  return "match" in cancelOn ? { event, match: `data.${cancelOn.match}` } : { event, if: cancelOn.if };
}

function toEventType(event: JobEvent) {
  return eventType(event.name, { schema: event.schema as never });
}

/** Every definition, served at /api/inngest. */
export const INNGEST_FUNCTIONS = JOB_DEFINITIONS.map(toInngestFunction);

function functionOf(definition: JobDefinition) {
  const found = INNGEST_FUNCTIONS.find((fn) => fn.opts.id === definition.id);
  if (!found) throw new Error(`job ${definition.id} is not in JOB_DEFINITIONS`);
  return found;
}

export const deliverWebhook = functionOf(deliverWebhookJob as JobDefinition);
export const expireHoldWhenDue = functionOf(expireHoldJob as JobDefinition);
export const offerWaitlistSeats = functionOf(offerWaitlistSeatsJob as JobDefinition);
export const remindBooking = functionOf(remindBookingJob as JobDefinition);
export const runDueWorkBackstop = functionOf(runDueWorkJob as JobDefinition);
export const syncExternalCalendars = functionOf(syncExternalCalendarsJob as JobDefinition);
