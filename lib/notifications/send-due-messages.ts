import { countMessageOutcome } from "@/lib/observability/metrics";
import { and, asc, eq, gte, inArray, isNull, lt, lte, notExists, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Queryable } from "@/lib/db/client";
import { outboxMessages, type OutboxMessageRow } from "@/lib/db/schema";
import type { JobContext } from "@/lib/context";
import type { DueWorkSweep } from "@/lib/context";
import { claimOwner, sendRecorded, settleJournal } from "./sent-journal";
import { getMessageTransports, type AcceptanceLine, type MessageTransports } from "./transports";

export const OUTBOX_MAX_ATTEMPTS = 5;
/** Waits after failed attempts 1–4 before the next one. */
export const OUTBOX_RETRY_DELAYS_SECONDS = [60, 5 * 60, 30 * 60, 2 * 60 * 60] as const;
/**
 * A claimed row is leased this long, counted in the database's time (`now()`), never on the app
 * clock: moving the dev clock must not hand a row that is being sent to a second sender. The
 * claim of a process that died is released as soon as a process on its DATA_DIR starts
 * (./sent-journal.ts); the lease is the backstop for one that died on another machine.
 */
export const OUTBOX_CLAIM_LEASE_SECONDS = 5 * 60;

const dbNow = sql`now()`;
const claimIsFree = or(isNull(outboxMessages.claimExpiresAt), lte(outboxMessages.claimExpiresAt, dbNow))!;

/**
 * Claims due pending messages (FOR UPDATE SKIP LOCKED, so concurrent runners never take the
 * same row), sends each through its port and records the outcome. Returns how many it tried.
 * A booking's messages on one channel leave one at a time, oldest first: a message is due
 * only once every earlier one of its booking and channel is sent or given up, so a failed
 * send (waiting for its retry) holds back the later ones instead of letting them overtake.
 * Each round therefore takes at most the head of each booking's queue; it claims again until
 * nothing is due or `limit` messages were tried.
 *
 * Through a port, a round claims ONE row, the moment it is sent: a claim is an attempt, so a
 * process killed mid-round must leave only the row it was sending claimed, not a batch it had
 * not reached. Batches claimed 50 at a time did that: every kill counted an attempt against
 * each row of the batch, and after five kills the backlog's rows were given up unsent
 * (docs/idempotency.md#the-crash-test).
 */
export async function sendDueMessages(ctx: JobContext, options: { limit: number; transports?: MessageTransports }): Promise<number> {
  const transports = options.transports ?? getMessageTransports();
  // What a killed process left (messages handed over but not marked, rows still claimed) is settled before anything is claimed.
  await settleJournal({ markSent: (ids) => markSent(ctx, ids), releaseClaims: (owners) => releaseClaims(ctx.db, owners) });
  await giveUpAbandoned(ctx.db);
  const throughPort = transports.mailer !== null || transports.sms !== null;
  let tried = 0;
  while (tried < options.limit) {
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
        await sendRecorded(
          message.id,
          (accepted) => deliver(message, transports, accepted),
          () => markSent(ctx, [message.id]),
        );
        countMessageOutcome(message.channel, "sent");
      } catch (error) {
        await recordFailure(ctx.db, message, describeError(error), ctx.clock.now());
      }
    }
    if (rowIsTheDelivery.length > 0) await markSent(ctx, rowIsTheDelivery);
    for (const message of claimed) if (rowIsTheDelivery.includes(message.id)) countMessageOutcome(message.channel, "sent");
  }
  return tried;
}

function portFor(message: OutboxMessageRow, transports: MessageTransports) {
  return message.channel === "email" ? transports.mailer : transports.sms;
}

/** The ids go as one uuid[] literal: one statement text (planned once) however many there are. */
async function markSent(ctx: JobContext, ids: string[]): Promise<void> {
  await ctx.db
    .update(outboxMessages)
    .set({ status: "sent", sentAt: ctx.clock.now(), nextAttemptAt: null, lastError: null, claimedBy: null, claimExpiresAt: null })
    .where(and(sql`${outboxMessages.id} = ANY(${`{${ids.join(",")}}`}::uuid[])`, eq(outboxMessages.status, "pending")));
}

export const outboxSweep: DueWorkSweep = {
  name: "outbox-messages",
  run: (ctx, { limit }) => sendDueMessages(ctx, { limit }),
};

const earlier = alias(outboxMessages, "earlier");

async function claimDueMessages(db: Queryable, now: Date, limit: number): Promise<OutboxMessageRow[]> {
  const due = db
    .select({ id: outboxMessages.id })
    .from(outboxMessages)
    .where(
      and(
        eq(outboxMessages.status, "pending"),
        lt(outboxMessages.attempts, OUTBOX_MAX_ATTEMPTS),
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

/** Sends one message through its port; true when the port wrote its journal line itself (./transports.ts). */
async function deliver(message: OutboxMessageRow, transports: MessageTransports, accepted: AcceptanceLine): Promise<boolean> {
  if (message.channel === "email") {
    const mailer = transports.mailer!;
    await mailer.send(
      {
        id: message.id,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        replyTo: message.replyTo,
        attachments: message.attachments,
      },
      accepted,
    );
    return mailer.writesAcceptance === true;
  }
  const sms = transports.sms!;
  await sms.send({ to: message.to, body: message.text }, accepted);
  return sms.writesAcceptance === true;
}

async function recordFailure(db: Queryable, message: OutboxMessageRow, lastError: string, now: Date): Promise<void> {
  const exhausted = message.attempts >= OUTBOX_MAX_ATTEMPTS;
  countMessageOutcome(message.channel, exhausted ? "failed" : "retrying");
  const delaySeconds = OUTBOX_RETRY_DELAYS_SECONDS[Math.min(message.attempts, OUTBOX_RETRY_DELAYS_SECONDS.length) - 1]!;
  const released = { claimedBy: null, claimExpiresAt: null, lastError };
  await db
    .update(outboxMessages)
    .set(exhausted ? { status: "failed", nextAttemptAt: null, ...released } : { nextAttemptAt: new Date(now.getTime() + delaySeconds * 1000), ...released })
    // Only while the claim is still this process's: a lapsed one may belong to another sender now.
    .where(and(eq(outboxMessages.id, message.id), eq(outboxMessages.status, "pending"), eq(outboxMessages.claimedBy, claimOwner())));
}

/**
 * The rows dead processes still held become due at once (their accepted ones were marked sent
 * first), and the attempt the death cut short is not counted: a message at the head of the
 * queue is the first one every new process sends, so a run of restarts could otherwise give up
 * a message that never failed (the crash suite saw 3 of 400 given up after five kills each).
 * The lease backstop (a process that died on another machine) still counts it.
 */
async function releaseClaims(db: Queryable, owners: string[]): Promise<void> {
  await db
    .update(outboxMessages)
    .set({ claimedBy: null, claimExpiresAt: null, attempts: sql`greatest(${outboxMessages.attempts} - 1, 0)` })
    .where(and(sql`${outboxMessages.claimedBy} = ANY(${`{${owners.join(",")}}`}::uuid[])`, eq(outboxMessages.status, "pending")));
}

/** A row whose fifth attempt was claimed but never finished is given up once its claim lapsed (its process died where no journal of ours could tell). */
async function giveUpAbandoned(db: Queryable): Promise<void> {
  await db
    .update(outboxMessages)
    .set({ status: "failed", nextAttemptAt: null, claimedBy: null, claimExpiresAt: null, lastError: "The last attempt did not finish." })
    .where(and(eq(outboxMessages.status, "pending"), gte(outboxMessages.attempts, OUTBOX_MAX_ATTEMPTS), claimIsFree));
}

function describeError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 500) || "Sending failed.";
}
