import { expiredIdempotencyKeySweep } from "@/lib/idempotency/purge-expired-keys";
import { outboxSweep } from "@/lib/notifications/send-due-messages";
import { abandonedPaymentSweep, dueRefundSweep } from "@/lib/payments/sweeps";
import { webhookDeliverySweep } from "./definitions/deliver-webhook";
import { holdExpirySweep } from "./definitions/expire-hold";
import { waitlistSweep } from "./definitions/offer-waitlist-seats";
import { reminderSweep } from "./definitions/remind-booking";
import type { DueWorkSweep } from "@/lib/context";

/**
 * Every kind of due background work, in the order runDueWork sweeps it. An event job's sweep
 * is written beside its definition (./definitions/*.ts, its `sweep`); work with no event job
 * (payments, the outbox) sweeps from its domain. Reminders run before the outbox, so a
 * reminder queued in a sweep leaves in the same run. Housekeeping (expired idempotency keys)
 * comes last. The waitlist follows hold expiry, so a lapsed offer's seat is offered again in
 * the same run, and precedes the outbox, so the offer's email leaves in it too.
 */
export const DUE_WORK_SWEEPS: DueWorkSweep[] = [
  holdExpirySweep,
  waitlistSweep,
  abandonedPaymentSweep,
  dueRefundSweep,
  reminderSweep,
  outboxSweep,
  webhookDeliverySweep,
  expiredIdempotencyKeySweep,
];
