import type { JobDefinition } from "../define-job";
import { deliverWebhookJob } from "./deliver-webhook";
import { expireHoldJob } from "./expire-hold";
import { remindBookingJob } from "./remind-booking";
import { runDueWorkJob } from "./run-due-work";
import { syncExternalCalendarsJob } from "./sync-external-calendars";

/** Every background job. A new job is a new file in this folder and one line here. */
export const JOB_DEFINITIONS = [deliverWebhookJob, expireHoldJob, remindBookingJob, runDueWorkJob, syncExternalCalendarsJob] as JobDefinition[];
