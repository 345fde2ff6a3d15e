import { holdExpirySweep } from "@/lib/bookings/hold-expiry-sweep";
import { outboxSweep } from "@/lib/notifications/send-due-messages";
import { abandonedPaymentSweep, dueRefundSweep } from "@/lib/payments/sweeps";
import { webhookDeliverySweep } from "@/lib/webhooks/delivery-sweep";
import { reminderSweep } from "./reminder-sweep";
import type { DueWorkSweep } from "./types";

/**
 * Every kind of due background work, in the order runDueWork sweeps it. Each domain adds its
 * own sweep here (bookings: hold expiry; notifications: outbox sending; webhooks: deliveries). Reminders run before the outbox, so a
 * reminder queued in a sweep leaves in the same run.
 */
export const DUE_WORK_SWEEPS: DueWorkSweep[] = [holdExpirySweep, abandonedPaymentSweep, dueRefundSweep, reminderSweep, outboxSweep, webhookDeliverySweep];
