import { createHash } from "node:crypto";
import { hostname } from "node:os";
import { and, asc, eq, gte, inArray, isNull, lt, lte, notExists, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Queryable } from "@/lib/db/client";
import { outboxMessages, type OutboxMessageRow } from "@/lib/db/schema";
import { withTransaction } from "@/lib/db/transaction";
import type { JobContext } from "@/lib/context";
import type { DueWorkSweep } from "@/lib/context";
import { reportDeliveryAttempt } from "@/lib/log/delivery-attempts";
import { scrub } from "@/lib/log/logger";
import { recordWorkspaceEvent } from "@/lib/webhooks/record-workspace-event";
import { toMessage } from "./serialize-message";
import { getMessageTransports, SEND_TIMEOUT_MS, type MessageTransports } from "./transports";

/** Attempts the provider answered with a refusal before a message is given up. */
export const OUTBOX_MAX_ATTEMPTS = 5;
/** Attempts a process died in (started, never finished) before a message is given up as the likely cause. */
export const OUTBOX_MAX_CRASHES = 5;
/** Waits after failed attempts 1–4 before the next one. */
export const OUTBOX_RETRY_DELAYS_SECONDS = [60, 5 * 60, 30 * 60, 2 * 60 * 60] as const;
/**
 * A claimed row is leased for a few send time-outs, counted in the database's time (`now()`),
 * never on the app clock: moving the dev clock must not hand a row that is being sent to a
 * second sender. The claim of a process that died frees itself when the lease lapses.
 */
export const OUTBOX_CLAIM_LEASE_SECONDS = (3 * SEND_TIMEOUT_MS) / 1000;

/**
 * The owner written on the rows this process claims: the same in every copy of this module that
 * Next.js loads in one process (the host, the pid and the moment the process started), another in
 * the next process, with no state of its own.
 */
export const claimOwner: () => string = (() => {
  let owner: string | undefined;
  return () => (owner ??= uuidFrom(`${hostname()}:${process.pid}:${performance.timeOrigin}`));
})();

function uuidFrom(text: string): string {
  const hex = createHash("sha256").update(text).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/**
 * SIGTERM (the in-process runner's stop): the round under way claims nothing more. Returns the
 * way back, for the runner to call once it stopped (a test process goes on after a runner).
 */
let stopping = false;
export function stopClaimingMessages(): () => void {
  stopping = true;
  return () => {
    stopping = false;
  };
}

const dbNow = sql`now()`;
const claimIsFree = or(isNull(outboxMessages.claimExpiresAt), lte(outboxMessages.claimExpiresAt, dbNow))!;
const crashes = sql`${outboxMessages.attempts} - ${outboxMessages.finishedAttempts}`;

/**
 * The outbox drain (docs/idempotency.md#messages): claims due pending rows with FOR UPDATE SKIP
 * LOCKED and a short lease, sends each through its port under the row's id, and records the
 * outcome. Returns how many it tried.
 *
 * Order (docs/idempotency.md#order): a booking's messages to one recipient on one channel leave
 * one at a time, oldest first (a customer never reads "cancelled" before "confirmed"); another
 * recipient's messages never wait for them, so a customer's bouncing address holds back nothing
 * of the business's, and the reverse.
 *
 * Through a port, a round claims ONE row, the moment it is sent: a process killed mid-round
 * leaves only the row it was sending claimed (for one lease), not a batch it had not reached.
 * A claim starts an attempt (`attempts`); the provider's answer finishes it
 * (`finished_attempts`). A row whose claim lapsed with more started than finished was being
 * sent by a process that died: that is not a failure, and it is sent again at once.
 */
export async function sendDueMessages(ctx: JobContext, options: { limit: number; transports?: MessageTransports }): Promise<number> {
  const transports = options.transports ?? getMessageTransports();
  await giveUpCrashing(ctx);
  const throughPort = transports.mailer !== null || transports.sms !== null;
  let tried = 0;
  while (tried < options.limit && !stopping) {
    const claimed = await claimDueMessages(ctx.db, ctx.clock.now(), throughPort ? 1 : options.limit - tried);
    if (claimed.length === 0) break;
    tried += claimed.length;
    // Without a port the row itself is the delivery: those are marked sent together, in one statement.
    const rowIsTheDelivery: string[] = [];
    for (const message of claimed) {
      if (!portFor(message, transports)) {
        rowIsTheDelivery.push(message.id);
        continue;
      }
      try {
        await deliver(message, transports);
      } catch (error) {
        await recordFailure(ctx, message, describeError(error));
        continue;
      }
      await markSent(ctx, [message.id]);
      reportDeliveryAttempt({ delivery: message.channel, outcome: "sent", ids: messageIds(message), attempt: message.finishedAttempts + 1 });
    }
    if (rowIsTheDelivery.length > 0) await markSent(ctx, rowIsTheDelivery);
    for (const message of claimed) {
      if (rowIsTheDelivery.includes(message.id)) reportDeliveryAttempt({ delivery: message.channel, outcome: "sent", ids: messageIds(message), attempt: 1 });
    }
  }
  return tried;
}

export const outboxSweep: DueWorkSweep = {
  name: "outbox-messages",
  run: (ctx, { limit }) => sendDueMessages(ctx, { limit }),
};

/**
 * SIGTERM: the claims this process still holds (a send cut short by the drain's deadline) are
 * released at once, and their unfinished attempts not counted, so another instance sends them
 * without waiting for the lease.
 */
export async function releaseMessageClaims(db: Queryable): Promise<number> {
  const released = await db
    .update(outboxMessages)
    .set({ claimedBy: null, claimExpiresAt: null, attempts: outboxMessages.finishedAttempts })
    .where(and(eq(outboxMessages.claimedBy, claimOwner()), eq(outboxMessages.status, "pending")))
    .returning({ id: outboxMessages.id });
  return released.length;
}

function portFor(message: OutboxMessageRow, transports: MessageTransports) {
  return message.channel === "email" ? transports.mailer : transports.sms;
}

function messageIds(message: OutboxMessageRow) {
  return { message_id: message.id, workspace_id: message.workspaceId, booking_id: message.bookingId, kind: message.kind, recipient: message.recipient };
}

/** The ids go as one uuid[] literal: one statement text (planned once) however many there are. Only while the claim is ours. */
async function markSent(ctx: JobContext, ids: string[]): Promise<void> {
  await ctx.db
    .update(outboxMessages)
    .set({
      status: "sent",
      sentAt: ctx.clock.now(),
      finishedAttempts: sql`${outboxMessages.finishedAttempts} + 1`,
      nextAttemptAt: null,
      lastError: null,
      claimedBy: null,
      claimExpiresAt: null,
    })
    .where(
      and(sql`${outboxMessages.id} = ANY(${`{${ids.join(",")}}`}::uuid[])`, eq(outboxMessages.status, "pending"), eq(outboxMessages.claimedBy, claimOwner())),
    );
}

const earlier = alias(outboxMessages, "earlier");

async function claimDueMessages(db: Queryable, now: Date, limit: number): Promise<OutboxMessageRow[]> {
  const due = db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.status, "pending"),
        lt(outboxMessages.finishedAttempts, OUTBOX_MAX_ATTEMPTS),
        lt(crashes, OUTBOX_MAX_CRASHES),
        or(isNull(outboxMessages.nextAttemptAt), lte(outboxMessages.nextAttemptAt, now)),
        claimIsFree,
        or(
          isNull(outboxMessages.bookingId),
          notExists(
            db
              .select({ id: earlier.id })
              .from(earlier)
              .where(
                and(
                  eq(earlier.bookingId, outboxMessages.bookingId),
                  eq(earlier.channel, outboxMessages.channel),
                  eq(earlier.recipient, outboxMessages.recipient),
                  eq(earlier.status, "pending"),
                  lt(earlier.position, outboxMessages.position),
                ),
              ),
          ),
        ),
      ),
    )
    .orderBy(asc(outboxMessages.position))
    .limit(limit)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(outboxMessages)
    .set({
      attempts: sql`${outboxMessages.attempts} + 1`,
      claimedBy: claimOwner(),
      claimExpiresAt: sql`${dbNow} + make_interval(secs => ${OUTBOX_CLAIM_LEASE_SECONDS})`,
    })
    .where(inArray(outboxMessages.id, due))
    .returning();
  // UPDATE … RETURNING gives rows in no particular order (not the subquery's ORDER BY).
  return claimed.sort((a, b) => a.position - b.position);
}

/** Sends one message through its port, under the row's id (Resend's Idempotency-Key, SMTP's Message-ID). */
async function deliver(message: OutboxMessageRow, transports: MessageTransports): Promise<void> {
  if (message.channel === "email") {
    const mailer = transports.mailer!;
    await mailer.send({
      id: message.id,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      replyTo: message.replyTo,
      attachments: message.attachments,
    });
    return;
  }
  await transports.sms!.send({ to: message.to, body: message.text });
}

/**
 * The provider refused (or did not answer in time): the attempt is finished and counted. The
 * row waits for its retry, or, after the last attempt, is given up, which sends `message.failed`
 * in the same transaction. Only while the claim is still this process's: a lapsed one may
 * belong to another sender now.
 */
async function recordFailure(ctx: JobContext, message: OutboxMessageRow, lastError: string): Promise<void> {
  const finished = message.finishedAttempts + 1;
  const exhausted = finished >= OUTBOX_MAX_ATTEMPTS;
  const delaySeconds = OUTBOX_RETRY_DELAYS_SECONDS[Math.min(finished, OUTBOX_RETRY_DELAYS_SECONDS.length) - 1]!;
  const now = ctx.clock.now();
  const ours = and(eq(outboxMessages.id, message.id), eq(outboxMessages.status, "pending"), eq(outboxMessages.claimedBy, claimOwner()));
  const released = { claimedBy: null, claimExpiresAt: null, lastError, finishedAttempts: sql`${outboxMessages.finishedAttempts} + 1` };
  if (!exhausted) {
    await ctx.db
      .update(outboxMessages)
      .set({ nextAttemptAt: new Date(now.getTime() + delaySeconds * 1000), ...released })
      .where(ours);
  } else {
    await withTransaction(ctx, async (tx) => {
      const [failed] = await tx
        .update(outboxMessages)
        .set({ status: "failed", nextAttemptAt: null, ...released })
        .where(ours)
        .returning();
      if (failed) await announceFailed(tx, failed, now);
    });
  }
  reportDeliveryAttempt({
    delivery: message.channel,
    outcome: exhausted ? "given_up" : "failed",
    ids: messageIds(message),
    attempt: finished,
    answer: lastError,
  });
}

/** A message given up: `message.failed` to the workspace's endpoints, with the message as GET /v1/messages shows it. */
async function announceFailed(tx: Queryable, row: OutboxMessageRow, now: Date): Promise<void> {
  if (!row.workspaceId) return;
  await recordWorkspaceEvent(tx, { workspaceId: row.workspaceId, type: "message.failed", data: { message: toMessage(row) }, now });
}

/**
 * A row processes died in OUTBOX_MAX_CRASHES times, its last claim lapsed, is given up: sending
 * it is what ends them (a poison message), and the other messages must not wait behind it.
 */
async function giveUpCrashing(ctx: JobContext): Promise<void> {
  const now = ctx.clock.now();
  const lastError = "The process sending it stopped before the provider answered, on every attempt.";
  const failed = await withTransaction(ctx, async (tx) => {
    const rows = await tx
      .update(outboxMessages)
      .set({ status: "failed", nextAttemptAt: null, claimedBy: null, claimExpiresAt: null, lastError })
      .where(and(eq(outboxMessages.status, "pending"), gte(crashes, OUTBOX_MAX_CRASHES), claimIsFree))
      .returning();
    for (const row of rows) await announceFailed(tx, row, now);
    return rows;
  });
  for (const row of failed)
    reportDeliveryAttempt({ delivery: row.channel, outcome: "given_up", ids: messageIds(row), attempt: row.attempts, answer: lastError });
}

/**
 * The provider's answer as last_error (GET /v1/messages, message.failed): its words, any
 * address or number in it masked, led by the SMTP reply code when there is one (nodemailer's
 * `responseCode`, e.g. 550), which the masking would otherwise take for a number.
 */
function describeError(error: unknown): string {
  const text = scrub(error instanceof Error ? error.message : String(error));
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return (typeof code === "number" ? `SMTP ${code}: ${text}` : text).slice(0, 500) || "Sending failed.";
}
