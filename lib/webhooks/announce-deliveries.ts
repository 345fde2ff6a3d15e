import { and, eq, sql } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { webhookDeliveries } from "@/lib/db/schema";
import { inngest, isInngestEnabled, webhookDeliveryRequested } from "@/lib/jobs/inngest-client";

/**
 * After the transaction that recorded a booking event commits: hand its new deliveries to
 * Inngest, one event per delivery whose event id is the delivery id (so a repeat, or a
 * resend by another instance, is absorbed by Inngest's deduplication). Without Inngest it
 * does nothing: the in-process runner finds the rows itself. A crash or a failed send
 * before this call loses nothing either: the rows are committed and the cron backstop
 * sends what is overdue. So a failure is logged, never thrown at the caller.
 */
export async function announceBookingDeliveries(db: Queryable, bookingId: string): Promise<void> {
  if (!isInngestEnabled()) return;
  try {
    const rows = await db
      .select({ id: webhookDeliveries.id, endpointId: webhookDeliveries.endpointId })
      .from(webhookDeliveries)
      .where(
        and(
          eq(webhookDeliveries.status, "pending"),
          eq(webhookDeliveries.attempts, 0),
          sql`${webhookDeliveries.payload} -> 'data' -> 'booking' ->> 'id' = ${bookingId}`,
        ),
      );
    if (rows.length === 0) return;
    await inngest.send(rows.map((row) => webhookDeliveryRequested.create({ deliveryId: row.id, endpointId: row.endpointId }, { id: row.id })));
  } catch (error) {
    console.error("inngest: webhook delivery events not sent; the cron backstop sends them", error);
  }
}
