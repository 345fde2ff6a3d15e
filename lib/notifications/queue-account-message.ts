import type { Queryable } from "@/lib/db/client";
import { afterCommit } from "@/lib/db/transaction";
import { outboxMessages } from "@/lib/db/schema";

/**
 * An email to a person of an account (a console sign-in link), not about a booking: queued in
 * the caller's transaction like every message, so it leaves only if the write commits.
 */
export async function queueAccountEmail(tx: Queryable, input: { to: string; subject: string; text: string }): Promise<void> {
  const rows = await tx
    .insert(outboxMessages)
    .values({ workspaceId: null, bookingId: null, channel: "email", to: input.to, subject: input.subject, text: input.text })
    .returning({ id: outboxMessages.id });
  for (const row of rows) await afterCommit(tx, { type: "message.queued", messageId: row.id });
}
