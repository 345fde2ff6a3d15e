import { eq } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { outboxMessages, type OutboxMessageRow } from "@/lib/db/schema";
import { notFound } from "@/lib/errors";
import { Uuid } from "@/lib/schemas";

/** docs/decisions.md#dev-tools: one outbox message, for its HTML part and attachments; a malformed id is not found. */
export async function getOutboxMessageOrThrow(db: Queryable, id: string): Promise<OutboxMessageRow> {
  if (!Uuid.safeParse(id).success) throw notFound("message");
  const [row] = await db.select().from(outboxMessages).where(eq(outboxMessages.id, id)).limit(1);
  if (!row) throw notFound("message");
  return row;
}
