import { observeJob } from "@/lib/observability/metrics";
import type { JobDefinition } from "../define-job";
import { deliverWebhookJob } from "./deliver-webhook";
import { expireHoldJob } from "./expire-hold";
import { offerWaitlistSeatsJob } from "./offer-waitlist-seats";
import { remindBookingJob } from "./remind-booking";
import { runDueWorkJob } from "./run-due-work";
import { syncExternalCalendarsJob } from "./sync-external-calendars";

/**
 * Every background job. A new job is a new file in this folder and one line here. Both drivers
 * run a job through this list, so each run is observed here (its span, its count and duration
 * on GET /metrics; on Inngest, each invocation of the function).
 */
export const JOB_DEFINITIONS = (
  [deliverWebhookJob, expireHoldJob, offerWaitlistSeatsJob, remindBookingJob, runDueWorkJob, syncExternalCalendarsJob] as JobDefinition[]
).map((definition): JobDefinition => ({ ...definition, handler: (input) => observeJob(definition.id, () => definition.handler(input)) }));
