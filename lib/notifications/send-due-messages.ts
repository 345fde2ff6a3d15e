import { and, asc, eq, gte, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import type { Queryable } from "@/lib/db/client";
import { outboxMessages, type OutboxMessageRow } from "@/lib/db/schema";
import type { DueWorkSweep, JobContext } from "@/lib/jobs/types";
import { getMessageTransports, type MessageTransports } from "./transports";

export const OUTBOX_MAX_ATTEMPTS = 5;
/** Waits after failed attempts 1–4 before the next one. */
export const OUTBOX_RETRY_DELAYS_SECONDS = [60, 5 * 60, 30 * 60, 2 * 60 * 60] as const;
/**
 * A claimed row is leased this long: if the process dies mid-send, the row becomes due again
 * when the lease runs out (so a message can, rarely, go out twice; it is never lost).
 */
export const OUTBOX_CLAIM_LEASE_SECONDS = 5 * 60;

/**
 * Claims due pending messages (FOR UPDATE SKIP LOCKED, so concurrent runners never take the
 * same row), sends each through its port and records the outcome. Returns how many it tried.
 */
export async function sendDueMessages(ctx: JobContext, options: { limit: number; transports?: MessageTransports }): Promise<number> {
  const now = ctx.clock.now();
  await giveUpAbandoned(ctx.db, now);
  const claimed = await claimDueMessages(ctx.db, now, options.limit);
  const transports = options.transports ?? getMessageTransports();
  for (const message of claimed) {
    try {
      await deliver(message, transports);
      await ctx.db
        .update(outboxMessages)
        .set({ status: "sent", sentAt: ctx.clock.now(), nextAttemptAt: null, lastError: null })
        .where(and(eq(outboxMessages.id, message.id), eq(outboxMessages.status, "pending")));
    } catch (error) {
      await recordFailure(ctx.db, message, describeError(error), ctx.clock.now());
    }
  }
  return claimed.length;
}

export const outboxSweep: DueWorkSweep = {
  name: "outbox-messages",
  run: (ctx, { limit }) => sendDueMessages(ctx, { limit }),
};

async function claimDueMessages(db: Queryable, now: Date, limit: number): Promise<OutboxMessageRow[]> {
  const due = db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.status, "pending"),
        lt(outboxMessages.attempts, OUTBOX_MAX_ATTEMPTS),
        or(isNull(outboxMessages.nextAttemptAt), lte(outboxMessages.nextAttemptAt, now)),
      ),
    )
    .orderBy(asc(outboxMessages.createdAt), asc(outboxMessages.id))
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(outboxMessages)
    .set({ attempts: sql`${outboxMessages.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + OUTBOX_CLAIM_LEASE_SECONDS * 1000) })
    .where(inArray(outboxMessages.id, due))
    .returning();
}

async function deliver(message: OutboxMessageRow, transports: MessageTransports): Promise<void> {
  if (message.channel === "email") {
    await transports.mailer?.send({
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      attachments: message.attachments,
    });
    return;
  }
  await transports.sms?.send({ to: message.to, body: message.text });
}

async function recordFailure(db: Queryable, message: OutboxMessageRow, lastError: string, now: Date): Promise<void> {
  const exhausted = message.attempts >= OUTBOX_MAX_ATTEMPTS;
  const delaySeconds = OUTBOX_RETRY_DELAYS_SECONDS[Math.min(message.attempts, OUTBOX_RETRY_DELAYS_SECONDS.length) - 1]!;
  await db
    .update(outboxMessages)
    .set(exhausted ? { status: "failed", nextAttemptAt: null, lastError } : { nextAttemptAt: new Date(now.getTime() + delaySeconds * 1000), lastError })
    .where(and(eq(outboxMessages.id, message.id), eq(outboxMessages.status, "pending")));
}

/** A row whose last attempt was claimed but never finished (the process died) is given up once its lease ran out. */
async function giveUpAbandoned(db: Queryable, now: Date): Promise<void> {
  await db
    .update(outboxMessages)
    .set({ status: "failed", nextAttemptAt: null, lastError: "The last attempt did not finish." })
    .where(and(eq(outboxMessages.status, "pending"), gte(outboxMessages.attempts, OUTBOX_MAX_ATTEMPTS), lte(outboxMessages.nextAttemptAt, now)));
}

function describeError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 500) || "Sending failed.";
}
