import { desc, sql } from "drizzle-orm";
import { z } from "zod";
import type { Queryable } from "@/lib/db/client";
import { outboxMessages, type OutboxMessageRow } from "@/lib/db/schema";
import { toUtcIso } from "@/lib/time/zoned";

/** The dev outbox shows the newest messages; older ones stay in the table. */
export const OUTBOX_LIST_LIMIT = 200;

export const OutboxMessagesQuery = z.object({
  to: z.string().max(320).optional().meta({ description: "Only messages to this address or phone (case-insensitive)." }),
});
export type OutboxMessagesQuery = z.infer<typeof OutboxMessagesQuery>;

export type OutboxMessageView = {
  id: string;
  channel: "email" | "sms";
  to: string;
  subject: string;
  text: string;
  created_at: string;
};

/** A queued or sent message as the outbox keeps it. */
export type OutboxMessage = OutboxMessageRow;

/** docs/decisions.md#dev-tools: every email and SMS the app sent (or will send), newest first. */
export async function listOutboxMessages(db: Queryable, query: OutboxMessagesQuery): Promise<OutboxMessageRow[]> {
  const to = query.to?.trim();
  return db
    .select()
    .from(outboxMessages)
    .where(to ? sql`lower(${outboxMessages.to}) = ${to.toLowerCase()}` : undefined)
    .orderBy(desc(outboxMessages.createdAt), desc(outboxMessages.id))
    .limit(OUTBOX_LIST_LIMIT);
}

export function toOutboxMessageView(row: OutboxMessageRow): OutboxMessageView {
  return { id: row.id, channel: row.channel, to: row.to, subject: row.subject, text: row.text, created_at: toUtcIso(row.createdAt) };
}
