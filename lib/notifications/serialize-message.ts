import type { OutboxMessageRow } from "@/lib/db/schema";
import { toUtcIso } from "@/lib/time/zoned";
import type { Message } from "./schemas";

/** An outbox row as the API shows it: what happened to it, never its address or body. */
export function toMessage(row: OutboxMessageRow): Message {
  return {
    id: row.id,
    booking_id: row.bookingId,
    channel: row.channel,
    kind: row.kind,
    recipient: row.recipient,
    status: row.status,
    attempts: row.finishedAttempts,
    last_error: row.lastError,
    created_at: toUtcIso(row.createdAt),
    sent_at: row.sentAt ? toUtcIso(row.sentAt) : null,
  };
}
